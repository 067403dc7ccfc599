import { CheckOutlined, CloseCircleOutlined, StopOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { correctionApproveBody, correctionRejectBody } from '@qlcv/common/schemas/attendance';
import { Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { applyServerErrors, textLimit, zodRule } from '@/lib/forms';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { type AttendanceCorrectionDetail, type CorrectionVerb, useTransitionCorrection } from '../api/attendance-api';

const DIALOGS: Record<CorrectionVerb, { title: string; ok: string; done: string; label: string }> = {
  approve: { title: 'Duyệt giải trình', ok: 'Duyệt', done: 'Đã duyệt giải trình', label: 'Ghi chú' },
  reject: { title: 'Từ chối giải trình', ok: 'Từ chối', done: 'Đã từ chối giải trình', label: 'Lý do từ chối' },
  cancel: { title: 'Hủy giải trình', ok: 'Hủy giải trình', done: 'Đã hủy giải trình', label: 'Ghi chú' },
};

/** Approve / reject (a note required) for the approver, cancel for the author while pending. */
export function CorrectionActions({
  correction,
  onConflict,
}: {
  correction: AttendanceCorrectionDetail;
  onConflict: (message: string) => void;
}) {
  const transition = useTransitionCorrection(correction.id);
  const [verb, setVerb] = useState<CorrectionVerb | null>(null);
  const [shown, setShown] = useState(false);
  const [form] = Form.useForm<{ note?: string }>();

  const open = (v: CorrectionVerb) => {
    form.resetFields();
    setVerb(v);
    setShown(true);
  };

  const submit = async () => {
    if (!verb) return;
    const { note } = await form.validateFields();
    const text = note?.trim() || undefined;
    try {
      await transition.mutateAsync({
        verb,
        body: { ...(verb === 'cancel' ? {} : { note: text ?? null }), version: correction.version },
      });
      notifySuccess(`${DIALOGS[verb].done} ngày ${formatDate(correction.date)}.`);
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
  return (
    <>
      {correction.can.approve && (
        <Button type="primary" icon={<CheckOutlined />} onClick={() => open('approve')}>
          Duyệt
        </Button>
      )}
      {correction.can.reject && (
        <Button danger icon={<StopOutlined />} onClick={() => open('reject')}>
          Từ chối
        </Button>
      )}
      {correction.can.cancel && (
        <Button danger icon={<CloseCircleOutlined />} onClick={() => open('cancel')}>
          Hủy giải trình
        </Button>
      )}
      <Modal
        open={shown}
        title={spec ? `${spec.title} ngày ${formatDate(correction.date)}` : ''}
        okText={spec?.ok}
        cancelText="Đóng"
        okButtonProps={{ danger: verb !== 'approve', loading: transition.isPending }}
        onOk={submit}
        onCancel={() => setShown(false)}
        forceRender
      >
        <Typography.Paragraph type="secondary">
          {correction.user.name} · {formatDate(correction.date)}
          {correction.check_in && ` · vào ${correction.check_in}`}
          {correction.check_out && ` · ra ${correction.check_out}`}
        </Typography.Paragraph>
        {verb !== 'cancel' && (
          <Form form={form} layout="vertical" requiredMark="optional">
            <Form.Item
              name="note"
              label={spec?.label}
              required={verb === 'reject'}
              rules={[zodRule(verb === 'reject' ? correctionRejectBody.shape.note : correctionApproveBody.shape.note)]}
            >
              <Input.TextArea rows={3} {...textLimit(correctionRejectBody.shape.note)} />
            </Form.Item>
          </Form>
        )}
        {verb === 'cancel' && <Typography.Paragraph>Giải trình sẽ không còn chờ duyệt.</Typography.Paragraph>}
      </Modal>
    </>
  );
}
