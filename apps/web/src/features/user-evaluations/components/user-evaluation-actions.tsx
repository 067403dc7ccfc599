import { CheckCircleOutlined, RollbackOutlined, SafetyCertificateOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import type { UserEvaluationDetail } from '@qlcv/common/schemas/user-evaluations';
import { App, Button, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '@/lib/api/api-error';
import { notifyError, notifySuccess } from '@/lib/notify/notify';
import { type UserEvaluationVerb, useTransitionUserEvaluation } from '../api/user-evaluations-api';

/**
 * Lưu, Gửi tự đánh giá, Hoàn thành đánh giá, Phê duyệt, Trả lại (with a note), as `can` allows; each step asks first.
 * `save` stores what was typed and gives the version to send with the step (the step refuses an old one).
 */
export function UserEvaluationActions({
  ue,
  dirty,
  editing,
  save,
  saving,
  missing,
  onConflict,
}: {
  ue: UserEvaluationDetail;
  dirty: boolean;
  editing: boolean;
  save: () => Promise<number | null>;
  saving: boolean;
  /** Why a step cannot be sent yet (a score left empty), or null. */
  missing: { self: string | null; reviewer: string | null };
  onConflict: (message: string) => void;
}) {
  const { modal } = App.useApp();
  const transition = useTransitionUserEvaluation(ue.id);
  const [returning, setReturning] = useState(false);
  const [form] = Form.useForm<{ note: string }>();
  const closed = ue.evaluation.status === 'closed';
  const canReturn = !closed && ue.can.return;

  const run = async (verb: UserEvaluationVerb, done: string, body: Record<string, unknown> = {}) => {
    try {
      const version = dirty ? await save() : ue.version;
      if (version === null) return false;
      await transition.mutateAsync({ verb, body: { ...body, version } });
      notifySuccess(done);
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) onConflict(error.message);
      else notifyError(error instanceof Error ? error.message : 'Đã xảy ra sự cố.');
      return false;
    }
  };

  const ask = (title: string, content: string, ok: string, verb: UserEvaluationVerb, done: string, why: string | null) => {
    if (why) {
      notifyError(why);
      return;
    }
    modal.confirm({ title, content, okText: ok, cancelText: 'Hủy', onOk: () => run(verb, done) });
  };

  const sendReturn = async () => {
    const { note } = await form.validateFields();
    if (await run('return', 'Đã trả lại phiếu đánh giá.', { note: note.trim() })) setReturning(false);
  };

  const pending = transition.isPending || saving;
  return (
    <>
      {editing && (
        <Button icon={<SaveOutlined />} loading={saving} disabled={!dirty} onClick={() => save()}>
          Lưu
        </Button>
      )}
      {!closed && ue.can.self_assess && (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={pending}
          onClick={() =>
            ask(
              'Gửi tự đánh giá?',
              `Phiếu sẽ được chuyển cho ${ue.reviewer?.name ?? 'người đánh giá'}; sau khi gửi bạn không sửa được điểm tự chấm.`,
              'Gửi tự đánh giá',
              'submit-self',
              'Đã gửi tự đánh giá.',
              missing.self,
            )
          }
        >
          Gửi tự đánh giá
        </Button>
      )}
      {!closed && ue.can.review && (
        <Button
          type="primary"
          icon={<CheckCircleOutlined />}
          loading={pending}
          onClick={() =>
            ask(
              'Hoàn thành đánh giá?',
              `Điểm của quản lý sẽ được dùng để tính tổng điểm và xếp loại của ${ue.employee.name}; phiếu chuyển sang chờ phê duyệt.`,
              'Hoàn thành đánh giá',
              'review',
              'Đã hoàn thành đánh giá.',
              missing.reviewer,
            )
          }
        >
          Hoàn thành đánh giá
        </Button>
      )}
      {!closed && ue.can.approve && (
        <Button
          type="primary"
          icon={<SafetyCertificateOutlined />}
          loading={pending}
          onClick={() =>
            ask(
              'Phê duyệt phiếu đánh giá?',
              `Kết quả của ${ue.employee.name} sẽ được chốt; nhân viên được thông báo.`,
              'Phê duyệt',
              'approve',
              'Đã phê duyệt phiếu đánh giá.',
              null,
            )
          }
        >
          Phê duyệt
        </Button>
      )}
      {canReturn && (
        <Button
          danger
          icon={<RollbackOutlined />}
          disabled={pending}
          onClick={() => {
            form.resetFields();
            setReturning(true);
          }}
        >
          Trả lại
        </Button>
      )}
      <Modal
        open={returning}
        title="Trả lại phiếu đánh giá"
        okText="Trả lại"
        cancelText="Đóng"
        okButtonProps={{ danger: true, loading: transition.isPending }}
        onOk={sendReturn}
        onCancel={() => setReturning(false)}
        forceRender
      >
        <Typography.Paragraph type="secondary">
          {ue.status === 'self_assessed'
            ? `Phiếu quay về cho ${ue.employee.name} tự đánh giá lại.`
            : ue.status === 'reviewed'
              ? `Phiếu quay về cho ${ue.reviewer?.name ?? 'người đánh giá'} chấm lại.`
              : 'Phiếu đã duyệt quay về trạng thái chờ phê duyệt.'}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" requiredMark="optional">
          <Form.Item
            name="note"
            label="Lý do trả lại"
            required
            rules={[
              { required: true, whitespace: true, message: 'Vui lòng nhập lý do trả lại' },
              { max: 1000, message: 'Lý do tối đa 1000 ký tự' },
            ]}
          >
            <Input.TextArea rows={3} maxLength={1000} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
