import { SaveOutlined } from '@ant-design/icons';
import { roleCreateBody } from '@qlcv/common/schemas/roles';
import { Alert, Button, Card, Col, Form, type FormInstance, Input, Row, Space } from 'antd';
import type { ReactNode } from 'react';
import { textLimit, zodRule } from '@/lib/forms';
import { PermissionPicker } from './permission-picker';

export interface RoleFormValues {
  code: string;
  name: string;
  description: string | null;
  permissions: string[];
}

interface Props {
  form: FormInstance<RoleFormValues>;
  initialValues: RoleFormValues;
  onFinish: (values: RoleFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** The admin role: every key, always; the picker is read-only. */
  isAdmin?: boolean;
  /** System roles keep their code. */
  lockCode?: boolean;
  /** Shown above the form (e.g. the 409 notice). */
  notice?: ReactNode;
}

/** Code, name, description and the permission picker; shared by create and edit. */
export function RoleForm({ form, initialValues, onFinish, onCancel, submitting, submitLabel, isAdmin, lockCode, notice }: Props) {
  return (
    <Form<RoleFormValues>
      form={form}
      name="role"
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={submitting}
    >
      {notice}
      <Card title="Thông tin vai trò" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              name="code"
              label="Mã vai trò"
              required
              rules={[zodRule(roleCreateBody.shape.code)]}
              extra={lockCode ? 'Mã của vai trò hệ thống không thể thay đổi.' : 'Chữ không dấu, số và dấu . _ -, ví dụ: ke-toan'}
            >
              <Input {...textLimit(roleCreateBody.shape.code)} disabled={lockCode} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="name" label="Tên vai trò" required rules={[zodRule(roleCreateBody.shape.name)]}>
              <Input {...textLimit(roleCreateBody.shape.name)} placeholder="Ví dụ: Kế toán" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="Mô tả" rules={[zodRule(roleCreateBody.shape.description)]}>
              <Input.TextArea
                {...textLimit(roleCreateBody.shape.description)}
                rows={2}
                placeholder="Vai trò này dùng cho ai, được làm gì"
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title="Phân quyền" style={{ marginBottom: 16 }}>
        {isAdmin && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="Vai trò quản trị luôn có toàn bộ quyền"
            description="Quyền của vai trò quản trị (admin) không thể bỏ bớt, nên danh sách dưới đây chỉ để xem."
          />
        )}
        <Form.Item name="permissions" noStyle={false} style={{ marginBottom: 0 }}>
          <PermissionPicker disabled={isAdmin || submitting} />
        </Form.Item>
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
