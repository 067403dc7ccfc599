import { SaveOutlined } from '@ant-design/icons';
import { processCreateBody } from '@qlcv/common/schemas/processes';
import { Button, Card, Col, Form, type FormInstance, Input, Row, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { textLimit, zodRule } from '@/lib/forms';

export interface ProcessFormValues {
  code: string;
  name: string;
  description: string | null;
  active: boolean;
}

export const EMPTY_PROCESS: ProcessFormValues = { code: '', name: '', description: null, active: true };

/** Form values → request body (empty text as null). */
export const toProcessBody = (v: ProcessFormValues) => ({
  code: v.code.trim(),
  name: v.name.trim(),
  description: v.description?.trim() || null,
  active: v.active,
});

interface Props {
  form: FormInstance<ProcessFormValues>;
  initialValues: ProcessFormValues;
  onFinish: (values: ProcessFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  notice?: ReactNode;
  /** Shown under the fields, e.g. "steps are added after saving". */
  footer?: ReactNode;
}

/** Code, name, description, in use; shared by create and edit. */
export function ProcessForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, notice, footer }: Props) {
  const shape = processCreateBody.shape;
  return (
    <Form<ProcessFormValues>
      form={form}
      name="process"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Card style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="code"
              label="Mã quy trình"
              required
              rules={[zodRule(shape.code)]}
              extra="Chữ không dấu, số và dấu . _ -, ví dụ: QT-QTMT"
            >
              <Input {...textLimit(shape.code)} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="name" label="Tên quy trình" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} placeholder="Ví dụ: Quan trắc môi trường định kỳ" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="Mô tả" rules={[zodRule(shape.description)]}>
              <Input.TextArea
                {...textLimit(shape.description)}
                rows={3}
                placeholder="Phạm vi áp dụng, kết quả trả cho khách hàng…"
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="active"
              label="Đang sử dụng"
              valuePropName="checked"
              extra="Quy trình ngừng sử dụng không thể chọn cho loại yêu cầu mới; các yêu cầu đang chạy vẫn giữ nguyên."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
        </Row>
        {footer}
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={submitting}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={false}>
          Hủy
        </Button>
      </Space>
    </Form>
  );
}
