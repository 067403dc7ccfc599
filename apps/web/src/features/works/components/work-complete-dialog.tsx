import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { type WorkDetail, workCompleteBody } from '@qlcv/common/schemas/works';
import { Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { AttachmentsField } from '@/components/attachments/attachments-field';
import { CheckboxGroup } from '@/components/checkbox-group';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useWorkAction } from '../api/works-api';

interface Values {
  result_note?: string;
  documents?: DocumentRecord[];
  public_result?: string;
  public_document_ids?: number[];
}

const shape = workCompleteBody.shape;

/**
 * "Hoàn thành công việc": the result note for staff and its files. The work that gives its request the result
 * (`gives_result`) also says what the customer sees on the public result page: a text and which of its files, none
 * unless chosen (the result note is never shown to the customer).
 */
export function WorkCompleteDialog({
  work,
  open,
  note,
  onClose,
  onConflict,
}: {
  work: WorkDetail;
  open: boolean;
  /** Shown above the fields (where finishing a step's work leads). */
  note?: string;
  onClose: () => void;
  onConflict: (message: string) => void;
}) {
  const action = useWorkAction(work.id);
  const [form] = Form.useForm<Values>();
  const uploaded = Form.useWatch('documents', form) ?? [];
  // The files the customer may be sent: the work's own, those already attached and those uploaded here.
  const files = [...work.attachments, ...uploaded];

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const ids = new Set(files.map((d) => d.id));
    const body: Record<string, unknown> = {
      result_note: v.result_note?.trim(),
      document_ids: (v.documents ?? []).map((d) => d.id),
    };
    if (work.gives_result) {
      body.public_result = v.public_result?.trim() || null;
      body.public_document_ids = (v.public_document_ids ?? []).filter((id) => ids.has(id));
    }
    try {
      await action.mutateAsync({ verb: 'complete', body });
      notifySuccess(`Đã hoàn thành công việc ${work.code}.`);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict(error.message);
        onClose();
        return;
      }
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(form, error)) return;
      notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
    }
  };

  return (
    <Modal
      open={open}
      title={`Hoàn thành công việc ${work.code}`}
      okText="Hoàn thành"
      cancelText="Đóng"
      okButtonProps={{ loading: action.isPending }}
      onOk={submit}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark="optional">
        {note && <Typography.Paragraph type="secondary">{note}</Typography.Paragraph>}
        <Form.Item name="result_note" label="Kết quả thực hiện" required rules={[zodRule(shape.result_note)]}>
          <Input.TextArea rows={4} maxLength={10_000} showCount />
        </Form.Item>
        <Form.Item name="documents" label="Tài liệu kết quả">
          <AttachmentsField />
        </Form.Item>
        {work.gives_result && (
          <>
            <Form.Item label="Nội dung trả cho khách hàng" htmlFor="public_result">
              {/* Above the field: the counter under a text area would cover a help text below it. */}
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
                Khách hàng chỉ thấy nội dung này trên trang tra cứu kết quả. Kết quả thực hiện ở trên là ghi chú nội bộ, không
                hiển thị cho khách hàng; để trống thì trang tra cứu không có nội dung kết quả.
              </Typography.Paragraph>
              <Form.Item name="public_result" noStyle rules={[zodRule(shape.public_result)]}>
                <Input.TextArea rows={3} maxLength={10_000} showCount />
              </Form.Item>
            </Form.Item>
            <Form.Item
              name="public_document_ids"
              label="Tệp gửi khách hàng"
              extra={
                files.length > 0
                  ? 'Chỉ các tệp được chọn mới được gửi cho khách hàng.'
                  : 'Chưa có tệp kết quả nào. Tải tệp lên ở mục "Tài liệu kết quả" để chọn gửi cho khách hàng.'
              }
            >
              <CheckboxGroup
                style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
                options={files.map((d) => ({ label: d.original_name, value: d.id }))}
              />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
