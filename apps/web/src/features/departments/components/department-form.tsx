import { SaveOutlined } from '@ant-design/icons';
import { departmentCreateBody } from '@qlcv/common/schemas/departments';
import { Button, Card, Col, Form, type FormInstance, Input, Row, Space } from 'antd';
import type { ReactNode } from 'react';
import { UserSelect } from '@/components/user-select';
import { textLimit, zodRule } from '@/lib/forms';
import { ParentTreeSelect } from './parent-tree-select';

export interface DepartmentFormValues {
  code: string;
  name: string;
  parent_id: number | null;
  head_id: number | null;
  description: string | null;
}

/** Form values → request body (empty text as null). */
export const toDepartmentBody = (v: DepartmentFormValues) => ({
  code: v.code.trim(),
  name: v.name.trim(),
  parent_id: v.parent_id ?? null,
  head_id: v.head_id ?? null,
  description: v.description?.trim() || null,
});

interface Props {
  form: FormInstance<DepartmentFormValues>;
  initialValues: DepartmentFormValues;
  onFinish: (values: DepartmentFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  /** Editing this department: it and its sub-departments cannot be its parent. */
  departmentId?: number;
  currentHead?: { id: number; name: string } | null;
  notice?: ReactNode;
}

/** Code, name, parent (tree), head (user search), description; shared by create and edit. */
export function DepartmentForm(props: Props) {
  const { form, initialValues, onFinish, onCancel, submitting, submitLabel, departmentId, currentHead, notice } = props;
  const shape = departmentCreateBody.shape;
  return (
    <Form<DepartmentFormValues>
      form={form}
      name="department"
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
              label="Mã phòng ban"
              required
              rules={[zodRule(shape.code)]}
              extra="Chữ không dấu, số và dấu . _ -, ví dụ: PQT"
            >
              <Input {...textLimit(shape.code)} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="name" label="Tên phòng ban" required rules={[zodRule(shape.name)]}>
              <Input {...textLimit(shape.name)} placeholder="Ví dụ: Phòng Quan trắc hiện trường" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="parent_id" label="Trực thuộc" extra="Để trống nếu là phòng ban cấp cao nhất.">
              <ParentTreeSelect excludeId={departmentId} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="head_id" label="Trưởng phòng">
              <UserSelect known={currentHead ? [currentHead] : []} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label="Mô tả" rules={[zodRule(shape.description)]}>
              <Input.TextArea {...textLimit(shape.description)} rows={3} placeholder="Chức năng, nhiệm vụ của phòng ban" />
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
