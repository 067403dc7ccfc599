import { roleCreateBody } from '@qlcv/common/schemas/roles';
import { Alert, Card, Form, type FormInstance, Row } from 'antd';
import type { ReactNode } from 'react';
import { CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';
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
          <CodeNameFields
            shape={roleCreateBody.shape}
            code={{
              label: 'Mã vai trò',
              example: 'ke-toan',
              extra: lockCode ? 'Mã của vai trò hệ thống không thể thay đổi.' : undefined,
              disabled: lockCode,
            }}
            name={{ label: 'Tên vai trò', placeholder: 'Ví dụ: Kế toán' }}
          />
          <DescriptionField
            schema={roleCreateBody.shape.description}
            rows={2}
            placeholder="Vai trò này dùng cho ai, được làm gì"
          />
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
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
