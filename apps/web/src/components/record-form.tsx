import { SaveOutlined } from '@ant-design/icons';
import { Button, Col, type ColProps, Form, Input, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { textLimit, zodRule } from '@/lib/forms';

/**
 * A form's Save/Cancel: the submit button (spinning while `submitting`; greyed out with the form, which a page
 * disables while saving) and "Hủy", which stays usable.
 */
export function FormFooter({
  submitLabel,
  submitting,
  onCancel,
  icon = <SaveOutlined />,
}: {
  submitLabel: ReactNode;
  submitting: boolean;
  onCancel: () => void;
  icon?: ReactNode;
}) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" icon={icon} loading={submitting}>
        {submitLabel}
      </Button>
      <Button onClick={onCancel} disabled={false}>
        Hủy
      </Button>
    </Space>
  );
}

/** The code rule's hint, with the record's own example. */
export const codeHint = (example: string) => `Chữ không dấu, số và dấu . _ -, ví dụ: ${example}`;

/**
 * A record's code and name, side by side from md up (a third and two thirds), checked by the API's own schemas.
 * `code.extra` replaces the hint built from `code.example`.
 */
export function CodeNameFields({
  shape,
  code,
  name,
}: {
  shape: { code: z.ZodType; name: z.ZodType };
  code: { label: string; example: string; extra?: ReactNode; disabled?: boolean };
  name: { label: string; placeholder: string };
}) {
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item
          name="code"
          label={code.label}
          required
          rules={[zodRule(shape.code)]}
          extra={code.extra ?? codeHint(code.example)}
        >
          <Input {...textLimit(shape.code)} disabled={code.disabled} autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name="name" label={name.label} required rules={[zodRule(shape.name)]}>
          <Input {...textLimit(shape.name)} placeholder={name.placeholder} />
        </Form.Item>
      </Col>
    </>
  );
}

/** A record's "Mô tả", the full width. */
export function DescriptionField({ schema, rows, placeholder }: { schema: z.ZodType; rows: number; placeholder?: string }) {
  return (
    <Col span={24}>
      <Form.Item name="description" label="Mô tả" rules={[zodRule(schema)]}>
        <Input.TextArea {...textLimit(schema)} rows={rows} placeholder={placeholder} />
      </Form.Item>
    </Col>
  );
}

/** A record's "Đang sử dụng" switch, with what stopping it means. */
export function ActiveField({
  extra,
  col = { span: 24 },
  plain,
}: {
  extra: ReactNode;
  col?: ColProps;
  /** A bare switch, without "Có" / "Không" on it. */
  plain?: boolean;
}) {
  return (
    <Col {...col}>
      <Form.Item name="active" label="Đang sử dụng" valuePropName="checked" extra={extra}>
        {plain ? <Switch /> : <Switch checkedChildren="Có" unCheckedChildren="Không" />}
      </Form.Item>
    </Col>
  );
}
