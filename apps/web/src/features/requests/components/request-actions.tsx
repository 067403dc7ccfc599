import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  EditOutlined,
  InboxOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  StopOutlined,
} from '@ant-design/icons';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { type RequestDetail, reasonBody, requestCompleteBody } from '@qlcv/common/schemas/requests';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { urlFor } from '@/app/routes';
import { AttachmentsField } from '@/components/attachments/attachments-field';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { type RequestVerb, useTransitionRequest } from '../api/transition-request';

const OPEN = ['new', 'received', 'in_progress', 'on_hold'];
const OPEN_WORK = ['todo', 'in_progress', 'on_hold'];

type FormVerb = 'hold' | 'reject' | 'cancel' | 'complete';

const DIALOGS: Record<FormVerb, { title: string; ok: string; danger?: boolean; done: string }> = {
  hold: { title: 'Tạm dừng yêu cầu', ok: 'Tạm dừng', done: 'Đã tạm dừng yêu cầu' },
  reject: { title: 'Từ chối yêu cầu', ok: 'Từ chối', danger: true, done: 'Đã từ chối yêu cầu' },
  cancel: { title: 'Hủy yêu cầu', ok: 'Hủy yêu cầu', danger: true, done: 'Đã hủy yêu cầu' },
  complete: { title: 'Hoàn thành yêu cầu', ok: 'Hoàn thành', done: 'Đã hoàn thành yêu cầu' },
};

interface FormValues {
  reason?: string;
  result_text?: string;
  documents?: DocumentRecord[];
}

/** Which verbs the request's state allows (the server decides in the end; a stale page gets 409). */
export function allowedVerbs(r: RequestDetail): Set<RequestVerb> {
  const out = new Set<RequestVerb>();
  if (r.status === 'new') out.add('receive');
  if (r.status === 'received' || r.status === 'in_progress') out.add('hold');
  if (r.status === 'on_hold') out.add('resume');
  if (r.status === 'new' || r.status === 'received') out.add('reject');
  if (OPEN.includes(r.status)) out.add('cancel');
  const openStepWork = r.works.some((w) => w.step_index !== null && OPEN_WORK.includes(w.status));
  if ((r.status === 'received' || r.status === 'in_progress') && !openStepWork) out.add('complete');
  return out;
}

/** The request's buttons: edit and the transitions, each confirmed, with a reason or a result where needed. */
export function RequestActions({ request, onConflict }: { request: RequestDetail; onConflict: (message: string) => void }) {
  const canEdit = useCan(['requests.edit']);
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const transition = useTransitionRequest(request.id);
  const [dialog, setDialog] = useState<FormVerb | null>(null);
  const [form] = Form.useForm<FormValues>();

  if (!canEdit) return null;
  const allowed = allowedVerbs(request);

  const run = async (verb: RequestVerb, body: Record<string, unknown>, done: string) => {
    try {
      await transition.mutateAsync({ verb, body });
      notifySuccess(`${done} ${request.code}.`);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict(error.message);
        return true;
      }
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(form, error)) return false;
      notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
      return false;
    }
  };

  const confirm = (verb: 'receive' | 'resume') =>
    modal.confirm({
      title: verb === 'receive' ? `Tiếp nhận yêu cầu ${request.code}?` : `Tiếp tục xử lý yêu cầu ${request.code}?`,
      content:
        verb === 'receive'
          ? 'Yêu cầu sẽ chạy theo quy trình của loại yêu cầu; công việc của bước đầu tiên được tạo và giao ngay.'
          : 'Hạn xử lý được lùi thêm đúng khoảng thời gian tạm dừng.',
      okText: verb === 'receive' ? 'Tiếp nhận' : 'Tiếp tục',
      cancelText: 'Đóng',
      onOk: () => run(verb, {}, verb === 'receive' ? 'Đã tiếp nhận yêu cầu' : 'Đã tiếp tục xử lý yêu cầu'),
    });

  const open = (verb: FormVerb) => {
    form.resetFields();
    setDialog(verb);
  };

  const submit = async () => {
    if (!dialog) return;
    const v = await form.validateFields();
    const body: Record<string, unknown> =
      dialog === 'complete'
        ? { result_text: v.result_text?.trim(), document_ids: (v.documents ?? []).map((d) => d.id) }
        : dialog === 'cancel'
          ? { reason: v.reason?.trim() || null }
          : { reason: v.reason?.trim() };
    if (await run(dialog, body, DIALOGS[dialog].done)) setDialog(null);
  };

  const spec = dialog ? DIALOGS[dialog] : null;
  return (
    <>
      {OPEN.includes(request.status) && (
        <Button icon={<EditOutlined />} onClick={() => navigate(urlFor('requests.edit', { id: request.id }))}>
          Sửa
        </Button>
      )}
      {allowed.has('receive') && (
        <Button type="primary" icon={<InboxOutlined />} onClick={() => confirm('receive')}>
          Tiếp nhận
        </Button>
      )}
      {allowed.has('resume') && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => confirm('resume')}>
          Tiếp tục
        </Button>
      )}
      {allowed.has('complete') && (
        <Button type="primary" icon={<CheckCircleOutlined />} onClick={() => open('complete')}>
          Hoàn thành
        </Button>
      )}
      {allowed.has('hold') && (
        <Button icon={<PauseCircleOutlined />} onClick={() => open('hold')}>
          Tạm dừng
        </Button>
      )}
      {allowed.has('reject') && (
        <Button danger icon={<StopOutlined />} onClick={() => open('reject')}>
          Từ chối
        </Button>
      )}
      {allowed.has('cancel') && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => open('cancel')}>
          Hủy
        </Button>
      )}
      <Modal
        open={dialog !== null}
        title={spec ? `${spec.title} ${request.code}` : ''}
        okText={spec?.ok}
        cancelText="Đóng"
        okButtonProps={{ danger: spec?.danger, loading: transition.isPending }}
        onOk={submit}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Form form={form} layout="vertical" requiredMark="optional">
          {dialog === 'complete' ? (
            <>
              <Typography.Paragraph type="secondary">
                Kết quả và tài liệu kết quả được hiển thị cho khách hàng trên trang tra cứu.
              </Typography.Paragraph>
              <Form.Item
                name="result_text"
                label="Kết quả xử lý"
                required
                rules={[zodRule(requestCompleteBody.shape.result_text)]}
              >
                <Input.TextArea rows={4} maxLength={10_000} showCount />
              </Form.Item>
              <Form.Item name="documents" label="Tài liệu kết quả" valuePropName="value">
                <AttachmentsField />
              </Form.Item>
            </>
          ) : (
            <Form.Item
              name="reason"
              label="Lý do"
              required={dialog !== 'cancel'}
              rules={
                dialog === 'cancel' ? [{ max: 1000, message: 'Lý do tối đa 1000 ký tự' }] : [zodRule(reasonBody.shape.reason)]
              }
              extra={dialog === 'hold' ? 'Thời hạn xử lý dừng lại trong khi tạm dừng.' : undefined}
            >
              <Input.TextArea rows={3} maxLength={1000} showCount />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}
