import {
  CheckCircleOutlined,
  CloseCircleOutlined,
  PauseCircleOutlined,
  PlayCircleOutlined,
  RollbackOutlined,
} from '@ant-design/icons';
import type { DocumentRecord } from '@qlcv/common/schemas/documents';
import { reasonBody } from '@qlcv/common/schemas/requests';
import { type WorkDetail, workCompleteBody } from '@qlcv/common/schemas/works';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { AttachmentsField } from '@/components/attachments/attachments-field';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { useWorkAction, type WorkVerb } from '../api/work-actions';

type FormVerb = 'hold' | 'complete' | 'cancel' | 'send-back';

const DIALOGS: Record<FormVerb, { title: string; ok: string; danger?: boolean; done: string }> = {
  hold: { title: 'Tạm dừng công việc', ok: 'Tạm dừng', done: 'Đã tạm dừng công việc' },
  complete: { title: 'Hoàn thành công việc', ok: 'Hoàn thành', done: 'Đã hoàn thành công việc' },
  cancel: { title: 'Hủy công việc', ok: 'Hủy công việc', danger: true, done: 'Đã hủy công việc' },
  'send-back': { title: 'Trả lại bước trước', ok: 'Trả lại', danger: true, done: 'Đã trả lại bước trước cho công việc' },
};

interface FormValues {
  reason?: string;
  result_note?: string;
  documents?: DocumentRecord[];
}

/** Which verbs the work's state allows (the server decides in the end; a stale page gets 409). */
export function allowedWorkVerbs(w: WorkDetail): Set<WorkVerb> {
  const out = new Set<WorkVerb>();
  if (!w.can.edit) return out;
  if (w.status === 'todo') out.add('start');
  if (w.status === 'todo' || w.status === 'in_progress') {
    out.add('hold');
    out.add('complete');
  }
  if (w.status === 'on_hold') out.add('resume');
  if (['todo', 'in_progress', 'on_hold'].includes(w.status)) out.add('cancel');
  if (w.step_index !== null && w.step_index > 1 && (w.status === 'todo' || w.status === 'in_progress')) out.add('send-back');
  return out;
}

/** The work's status buttons, each confirmed; reasons and the result note in a dialog. */
export function WorkActions({ work, onConflict }: { work: WorkDetail; onConflict: (message: string) => void }) {
  const { modal } = App.useApp();
  const action = useWorkAction(work.id);
  const [dialog, setDialog] = useState<FormVerb | null>(null);
  const [form] = Form.useForm<FormValues>();
  const allowed = allowedWorkVerbs(work);
  const step = work.step_index !== null;

  const run = async (verb: WorkVerb, body: Record<string, unknown>, done: string) => {
    try {
      await action.mutateAsync({ verb, body });
      notifySuccess(`${done} ${work.code}.`);
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

  const confirm = (verb: 'start' | 'resume') =>
    modal.confirm({
      title: verb === 'start' ? `Bắt đầu thực hiện ${work.code}?` : `Tiếp tục thực hiện ${work.code}?`,
      content: verb === 'start' && step ? 'Yêu cầu của công việc chuyển sang "Đang xử lý".' : undefined,
      okText: verb === 'start' ? 'Bắt đầu' : 'Tiếp tục',
      cancelText: 'Đóng',
      onOk: () => run(verb, {}, verb === 'start' ? 'Đã bắt đầu công việc' : 'Đã tiếp tục công việc'),
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
        ? { result_note: v.result_note?.trim(), document_ids: (v.documents ?? []).map((d) => d.id) }
        : dialog === 'cancel'
          ? { reason: v.reason?.trim() || null }
          : { reason: v.reason?.trim() };
    if (await run(dialog, body, DIALOGS[dialog].done)) setDialog(null);
  };

  const spec = dialog ? DIALOGS[dialog] : null;
  return (
    <>
      {allowed.has('start') && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => confirm('start')}>
          Bắt đầu
        </Button>
      )}
      {allowed.has('resume') && (
        <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => confirm('resume')}>
          Tiếp tục
        </Button>
      )}
      {allowed.has('complete') && (
        <Button
          type={allowed.has('start') ? 'default' : 'primary'}
          icon={<CheckCircleOutlined />}
          onClick={() => open('complete')}
        >
          Hoàn thành
        </Button>
      )}
      {allowed.has('hold') && (
        <Button icon={<PauseCircleOutlined />} onClick={() => open('hold')}>
          Tạm dừng
        </Button>
      )}
      {allowed.has('send-back') && (
        <Button icon={<RollbackOutlined />} onClick={() => open('send-back')}>
          Trả lại bước trước
        </Button>
      )}
      {allowed.has('cancel') && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => open('cancel')}>
          Hủy
        </Button>
      )}
      <Modal
        open={dialog !== null}
        title={spec ? `${spec.title} ${work.code}` : ''}
        okText={spec?.ok}
        cancelText="Đóng"
        okButtonProps={{ danger: spec?.danger, loading: action.isPending }}
        onOk={submit}
        onCancel={() => setDialog(null)}
        forceRender
      >
        <Form form={form} layout="vertical" requiredMark="optional">
          {dialog === 'complete' ? (
            <>
              {step && (
                <Typography.Paragraph type="secondary">
                  Khi hoàn thành, yêu cầu chuyển sang bước tiếp theo; ở bước cuối, yêu cầu hoàn thành với kết quả này.
                </Typography.Paragraph>
              )}
              <Form.Item
                name="result_note"
                label="Kết quả thực hiện"
                required
                rules={[zodRule(workCompleteBody.shape.result_note)]}
              >
                <Input.TextArea rows={4} maxLength={10_000} showCount />
              </Form.Item>
              <Form.Item name="documents" label="Tài liệu kết quả">
                <AttachmentsField />
              </Form.Item>
            </>
          ) : (
            <>
              {dialog === 'send-back' && (
                <Typography.Paragraph type="secondary">
                  Công việc này bị hủy và công việc của bước trước được tạo lại cho người đã làm bước đó.
                </Typography.Paragraph>
              )}
              <Form.Item
                name="reason"
                label="Lý do"
                required={dialog !== 'cancel'}
                rules={
                  dialog === 'cancel' ? [{ max: 1000, message: 'Lý do tối đa 1000 ký tự' }] : [zodRule(reasonBody.shape.reason)]
                }
              >
                <Input.TextArea rows={3} maxLength={1000} showCount />
              </Form.Item>
            </>
          )}
        </Form>
      </Modal>
    </>
  );
}
