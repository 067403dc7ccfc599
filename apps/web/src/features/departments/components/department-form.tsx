import { departmentCreateBody } from '@qlcv/common/schemas/departments';
import { Card, Col, Form, type FormInstance, Row } from 'antd';
import type { ReactNode } from 'react';
import { CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';
import { UserSelect } from '@/components/user-select';
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
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã phòng ban', example: 'PQT' }}
            name={{ label: 'Tên phòng ban', placeholder: 'Ví dụ: Phòng Quan trắc hiện trường' }}
          />
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
          <DescriptionField schema={shape.description} rows={3} placeholder="Chức năng, nhiệm vụ của phòng ban" />
        </Row>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
