import { SaveOutlined } from '@ant-design/icons';
import { unitCreateBody } from '@qlcv/common/schemas/units';
import { Button, Card, Col, Form, type FormInstance, Input, Row, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { textLimit, zodRule } from '@/lib/forms';

export interface UnitFormValues {
  code: string;
  name: string;
  description: string | null;
  active: boolean;
}

export const EMPTY_UNIT: UnitFormValues = { code: '', name: '', description: null, active: true };

/** Form values → request body (empty text as null). */
export const toUnitBody = (v: UnitFormValues) => ({
  code: v.code.trim(),
  name: v.name.trim(),
  description: v.description?.trim() || null,
  active: v.active,
});

interface Props {
  form: FormInstance<UnitFormValues>;
  initialValues: UnitFormValues;
  onFinish: (values: UnitFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  notice?: ReactNode;
}

/** Code, name, description, in use; shared by create and edit. */
export function UnitForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, notice }: Props) {
  const shape = unitCreateBody.shape;
  return (
    <Form<UnitFormValues>
      form={form}
      name="unit"
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
              label="Mã đơn vị tính"
              required
              rules={[zodRule(shape.code)]}
              extra="Chữ không dấu, số và dấu . _ -, ví dụ: MAU"
            >
              <Input {...textLimit(shape.code)} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="name" label="Tên đơn vị tính" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} placeholder="Ví dụ: mẫu, lần, điểm, ngày công" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="Mô tả" rules={[zodRule(shape.description)]}>
              <Input.TextArea {...textLimit(shape.description)} rows={2} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="active"
              label="Đang sử dụng"
              valuePropName="checked"
              extra="Đơn vị ngừng sử dụng không được chọn cho dịch vụ mới; dịch vụ cũ vẫn giữ nguyên."
            >
              <Switch checkedChildren="Có" unCheckedChildren="Không" />
            </Form.Item>
          </Col>
        </Row>
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
