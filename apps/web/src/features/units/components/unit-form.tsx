import { unitCreateBody } from '@qlcv/common/schemas/units';
import { Card, Form, type FormInstance, Row } from 'antd';
import type { ReactNode } from 'react';
import { ActiveField, CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';

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
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã đơn vị tính', example: 'MAU' }}
            name={{ label: 'Tên đơn vị tính', placeholder: 'Ví dụ: mẫu, lần, điểm, ngày công' }}
          />
          <DescriptionField schema={shape.description} rows={2} />
          <ActiveField extra="Đơn vị ngừng sử dụng không được chọn cho dịch vụ mới; dịch vụ cũ vẫn giữ nguyên." />
        </Row>
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
