import { processCreateBody } from '@qlcv/common/schemas/processes';
import { Card, Form, type FormInstance, Row } from 'antd';
import type { ReactNode } from 'react';
import { ActiveField, CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';

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
          <CodeNameFields
            shape={shape}
            code={{ label: 'Mã quy trình', example: 'QT-QTMT' }}
            name={{ label: 'Tên quy trình', placeholder: 'Ví dụ: Quan trắc môi trường định kỳ' }}
          />
          <DescriptionField schema={shape.description} rows={3} placeholder="Phạm vi áp dụng, kết quả trả cho khách hàng…" />
          <ActiveField extra="Quy trình ngừng sử dụng không thể chọn cho loại yêu cầu mới; các yêu cầu đang chạy vẫn giữ nguyên." />
        </Row>
        {footer}
      </Card>
      <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
    </Form>
  );
}
