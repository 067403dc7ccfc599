import { Checkbox, type GetProps } from 'antd';

type Props = GetProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * Ant Design's Checkbox.Group inside a required Form.Item: the item hands it aria-required, which role="group" does not
 * allow (axe aria-allowed-attr, critical). The item's asterisk still says it is required; the group drops the attribute.
 */
export function CheckboxGroup({ 'aria-required': _required, ...props }: Props) {
  return <Checkbox.Group {...props} />;
}
