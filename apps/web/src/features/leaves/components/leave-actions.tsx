import { CheckOutlined, CloseCircleOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { type LeaveDetail, leaveCancelBody, leaveDecisionBody, leaveRejectBody } from '@qlcv/common/schemas/leaves';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api/api-error';
import { useAuthUser } from '@/lib/auth/auth-store';
import { applyServerErrors, textLimit, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { urlFor } from '@/lib/routes';
import { type LeaveVerb, useTransitionLeave } from '../api/leaves-api';
import { formatDays, leaveDates } from './leave-tags';

const DIALOGS = {
  approve: { title: 'Duyệt đơn nghỉ', ok: 'Duyệt', done: 'Đã duyệt đơn nghỉ', label: 'Ghi chú', schema: leaveDecisionBody },
  reject: {
    title: 'Từ chối đơn nghỉ',
    ok: 'Từ chối',
    done: 'Đã từ chối đơn nghỉ',
    label: 'Lý do từ chối',
    schema: leaveRejectBody,
  },
  cancel: { title: 'Hủy đơn nghỉ', ok: 'Hủy đơn', done: 'Đã hủy đơn nghỉ', label: 'Lý do hủy', schema: leaveCancelBody },
} as const;

/** Whom the caller decides for when they are a substitute of the approver, not the approver. */
export function useSubstituteFor(leave: LeaveDetail): string | null {
  const me = useAuthUser();
  // One's own leave is never one's to decide, even standing in for its approver (the server sends it higher).
  if (!me || !leave.approver || leave.approver.id === me.id || leave.user_id === me.id) return null;
  return leave.substitutes.some((s) => s.id === me.id) ? leave.approver.name : null;
}

/** Approve / reject (a note, required to reject) / cancel / edit, as the leave's `can` flags allow. */
export function LeaveActions({ leave, onConflict }: { leave: LeaveDetail; onConflict: (message: string) => void }) {
  const navigate = useNavigate();
  const transition = useTransitionLeave(leave.id);
  // The last verb asked for stays while the dialog closes, so its text does not change mid-animation.
  const [verb, setVerb] = useState<LeaveVerb | null>(null);
  const [shown, setShown] = useState(false);
  const [form] = Form.useForm<{ note?: string }>();
  const substituteFor = useSubstituteFor(leave);

  const open = (v: LeaveVerb) => {
    form.resetFields();
    setVerb(v);
    setShown(true);
  };

  const submit = async () => {
    if (!verb) return;
    const { note } = await form.validateFields();
    try {
      await transition.mutateAsync({ verb, body: { note: note?.trim() || null, version: leave.version } });
      notifySuccess(`${DIALOGS[verb].done} ${leave.code}.`);
      setShown(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        onConflict(error.message);
        setShown(false);
        return;
      }
      if (error instanceof ApiError && error.status === 422 && applyServerErrors(form, error)) return;
      notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
    }
  };

  const spec = verb ? DIALOGS[verb] : null;
  const noteSchema = spec?.schema.shape.note;
  return (
    <>
      {leave.can.approve && (
        <Button type="primary" icon={<CheckOutlined />} onClick={() => open('approve')}>
          {substituteFor ? `Duyệt thay cho ${substituteFor}` : 'Duyệt'}
        </Button>
      )}
      {leave.can.approve && (
        <Button danger icon={<StopOutlined />} onClick={() => open('reject')}>
          Từ chối
        </Button>
      )}
      {leave.can.edit && (
        <Button icon={<EditOutlined />} onClick={() => navigate(urlFor('leaves.edit', { id: leave.id }))}>
          Sửa
        </Button>
      )}
      {leave.can.cancel && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => open('cancel')}>
          Hủy đơn
        </Button>
      )}
      <Modal
        open={shown}
        title={spec ? `${spec.title} ${leave.code}` : ''}
        okText={spec?.ok}
        cancelText="Đóng"
        okButtonProps={{ danger: verb !== 'approve', loading: transition.isPending }}
        onOk={submit}
        onCancel={() => setShown(false)}
        forceRender
      >
        <Typography.Paragraph type="secondary">
          {leave.user.name} · {leave.type.name} · {leaveDates(leave)} · {formatDays(leave.days)}
          {substituteFor && verb !== 'cancel' && <> · duyệt thay cho {substituteFor}</>}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark="optional">
          <Form.Item name="note" label={spec?.label} required={verb === 'reject'} rules={noteSchema ? [zodRule(noteSchema)] : []}>
            <Input.TextArea rows={3} {...(noteSchema ? textLimit(noteSchema) : {})} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
