import { FileWordOutlined, InboxOutlined } from '@ant-design/icons';
import {
  contractTemplateCreateBody,
  TEMPLATE_KIND_LABELS,
  TEMPLATE_KINDS,
  type TemplateKind,
} from '@qlcv/common/schemas/contract-templates';
import { Card, Col, Form, type FormInstance, Radio, Row, Space, Typography, Upload } from 'antd';
import type { ReactNode } from 'react';
import { ActiveField, CodeNameFields, DescriptionField, FormFooter } from '@/components/record-form';
import { handleSubmitError } from '@/components/submit-error';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors } from '@/lib/forms';
import { PlaceholderHelp } from './placeholder-help';
import { TemplateProblems } from './template-problems';

export interface ContractTemplateFormValues {
  code: string;
  name: string;
  description: string | null;
  active: boolean;
  kind: TemplateKind;
}

export const EMPTY_CONTRACT_TEMPLATE: ContractTemplateFormValues = {
  code: '',
  name: '',
  description: null,
  active: true,
  kind: 'contract',
};

const KIND_OPTIONS = TEMPLATE_KINDS.map((k) => ({ value: k, label: TEMPLATE_KIND_LABELS[k] }));

const DOCX_ACCEPT = '.docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

interface Props {
  form: FormInstance<ContractTemplateFormValues>;
  initialValues: ContractTemplateFormValues;
  onFinish: (values: ContractTemplateFormValues) => void;
  onCancel: () => void;
  submitting: boolean;
  submitLabel: string;
  file: File | null;
  onFile: (file: File | null) => void;
  /** Create: a file is required (its missing says so). */
  fileError?: string | null;
  /** The stored file on edit: its name and the buttons to fetch it. */
  current?: ReactNode;
  /** What the server found wrong in the chosen file. */
  problems?: { message: string; list: string[] } | null;
  /** Shown above the form (e.g. the 409 notice). */
  notice?: ReactNode;
  /** Edit: the kind is shown, never changed (the file was checked against its catalogue). */
  kindLocked?: boolean;
}

/** Code, name, description, in use, and the .docx; the placeholder help beside it. Shared by create and edit. */
export function ContractTemplateForm({
  form,
  initialValues,
  onFinish,
  onCancel,
  submitting,
  submitLabel,
  file,
  onFile,
  fileError,
  current,
  problems,
  notice,
  kindLocked,
}: Props) {
  const kind = (Form.useWatch('kind', form) as TemplateKind | undefined) ?? initialValues.kind;
  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        <Form<ContractTemplateFormValues>
          form={form}
          name="contract-template"
          layout="vertical"
          initialValues={initialValues}
          onFinish={onFinish}
          disabled={submitting}
        >
          {notice}
          {problems && <TemplateProblems message={problems.message} problems={problems.list} />}
          <Card title="Thông tin mẫu" style={{ marginBottom: 16 }}>
            <Form.Item
              name="kind"
              label="Loại mẫu"
              extra={
                kind === 'test_report'
                  ? 'Phiếu kết quả được in từ mẫu phiếu đang sử dụng mới nhất khi ký phát hành; mã QR được thêm vào cuối phiếu. Phiếu đã ký không thay đổi.'
                  : 'Mẫu hợp đồng được chọn khi lập hợp đồng.'
              }
            >
              <Radio.Group options={KIND_OPTIONS} disabled={kindLocked} optionType="button" />
            </Form.Item>
            <Row gutter={16}>
              <CodeNameFields
                shape={contractTemplateCreateBody.shape}
                code={{ label: 'Mã mẫu', example: 'HD-QT' }}
                name={{ label: 'Tên mẫu', placeholder: 'Ví dụ: Hợp đồng dịch vụ quan trắc môi trường' }}
              />
              <DescriptionField
                schema={contractTemplateCreateBody.shape.description}
                rows={2}
                placeholder="Mẫu này dùng cho loại hợp đồng nào"
              />
              <ActiveField
                extra={
                  kind === 'test_report'
                    ? 'Chỉ mẫu phiếu đang sử dụng mới được dùng khi ký phiếu; không có mẫu nào thì dùng mẫu có sẵn.'
                    : 'Chỉ mẫu đang sử dụng mới được chọn khi lập hợp đồng.'
                }
                plain
              />
            </Row>
          </Card>
          <Card title="Tệp mẫu (.docx)" style={{ marginBottom: 16 }}>
            {current}
            <Form.Item
              label={current ? 'Thay bằng tệp mới' : 'Tệp Word'}
              required={!current}
              validateStatus={fileError ? 'error' : undefined}
              help={fileError ?? undefined}
            >
              <Upload.Dragger
                accept={DOCX_ACCEPT}
                maxCount={1}
                fileList={file ? [{ uid: 'file', name: file.name, status: problems ? 'error' : 'done' }] : []}
                beforeUpload={(f) => {
                  onFile(f);
                  return false;
                }}
                onRemove={() => {
                  onFile(null);
                  return true;
                }}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined />
                </p>
                <p className="ant-upload-text">Bấm hoặc kéo tệp Word (.docx) vào đây</p>
                <p className="ant-upload-hint">Tệp được kiểm tra khi lưu: mọi thẻ phải có trong danh mục trường trộn.</p>
              </Upload.Dragger>
            </Form.Item>
          </Card>
          <FormFooter submitLabel={submitLabel} submitting={submitting} onCancel={onCancel} />
        </Form>
      </Col>
      <Col xs={24} xl={10}>
        <PlaceholderHelp kind={kind} />
      </Col>
    </Row>
  );
}

/** The stored file's line on edit: its name and size. */
export function CurrentFile({ name, size, extra }: { name: string; size: number; extra: ReactNode }) {
  return (
    <Space wrap style={{ marginBottom: 12 }}>
      <FileWordOutlined style={{ color: '#2b579a', fontSize: 18 }} />
      <Typography.Text strong>{name}</Typography.Text>
      <Typography.Text type="secondary">({Math.max(1, Math.round(size / 1024))} KB)</Typography.Text>
      {extra}
    </Space>
  );
}

/**
 * After a refused save: the file's problems (422 on `file`) as the list above the form, other fields' errors under
 * them, a 409 to `onConflict`, anything else a toast.
 */
export function showSubmitError(
  form: FormInstance,
  error: unknown,
  setProblems: (p: { message: string; list: string[] } | null) => void,
  onConflict?: (message: string) => void,
) {
  if (error instanceof ApiError && error.status === 422) {
    const list = error.errors.filter((e) => e.field === 'file').map((e) => e.message);
    if (list.length > 0) {
      setProblems({ message: error.message, list });
      applyServerErrors(form, error);
      return;
    }
  }
  handleSubmitError(form, error, onConflict);
}
