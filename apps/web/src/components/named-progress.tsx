import { Progress, type ProgressProps } from 'antd';

/**
 * Ant Design's Progress with the name a screen reader announces: its role="progressbar" has none of its own
 * (axe aria-progressbar-name), so every bar in the app goes through here and must say what it measures.
 */
export function NamedProgress({ label, ...props }: ProgressProps & { label: string }) {
  return <Progress aria-label={label} {...props} />;
}
