import { leaveAdjustmentBody } from '@qlcv/common/schemas/leaves';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useEffect } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { handleSubmitError } from '@/components/submit-error';
import { UserSelect } from '@/components/user-select';
import { useAuthUser } from '@/lib/auth/auth-store';
import { textLimit, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useAdjustLeaveBalance, useLeaveBalance } from '../api/leaves-api';
import { formatDays } from './leave-tags';

const SELF_ADJUSTMENT = 'Không thể tự điều chỉnh số ngày phép của chính mình. Hãy nhờ một người khác của bộ phận nhân sự.';

interface Values {
  user_id: number | null;
  year: number | null;
  days: number | null;
  note: string;
}

const shape = leaveAdjustmentBody.shape;

/**
 * "Điều chỉnh số ngày phép" (HR): adds or takes away days, in half-day steps, from an employee's annual balance of a
 * year, with a reason; it becomes an `adjustment` row of the ledger. Shows the balance before and after.
 */
export function AdjustmentModal({
  open,
  onClose,
  userId,
  year,
  known,
}: {
  open: boolean;
  onClose: () => void;
  /** The employee and year shown on the page, filled in. */
  userId: number | null;
  year: number;
  known?: { id: number; name: string }[];
}) {
  const [form] = Form.useForm<Values>();
  const me = useAuthUser();
  const adjust = useAdjustLeaveBalance();
  const pickedUser = Form.useWatch('user_id', form);
  const pickedYear = Form.useWatch('year', form);
  const days = Form.useWatch('days', form);
  const validYear = typeof pickedYear === 'number' && pickedYear >= 2000 && pickedYear <= 2100;
  const current = useLeaveBalance({ user_id: pickedUser, year: pickedYear ?? undefined }, open && !!pickedUser && validYear);

  useEffect(() => {
    if (open) form.setFieldsValue({ user_id: userId, year, days: null, note: '' });
  }, [open, userId, year, form]);

  const onFinish = async (v: Values) => {
    try {
      const balance = await adjust.mutateAsync({
        user_id: v.user_id as number,
        year: v.year as number,
        days: v.days as number,
        note: v.note.trim(),
      });
      notifySuccess(
        `Đã điều chỉnh ${v.days && v.days > 0 ? '+' : ''}${formatDays(v.days ?? 0)}. Còn lại ${formatDays(balance.remaining)}.`,
      );
      onClose();
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  const after = current.data && shape.days.safeParse(days).success ? current.data.remaining + (days as number) : null;

  return (
    <Modal
      title="Điều chỉnh số ngày phép"
      open={open}
      onCancel={onClose}
      okText="Lưu điều chỉnh"
      cancelText="Đóng"
      onOk={() => form.submit()}
      confirmLoading={adjust.isPending}
      destroyOnHidden
      forceRender
    >
      <Typography.Paragraph type="secondary">
        Mỗi điều chỉnh là một dòng của sổ phép, kèm lý do; số ngày còn lại luôn là tổng các dòng. Nhập số dương để cộng, số âm để
        trừ, theo bước nửa ngày (0,5).
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark="optional">
        <Form.Item
          name="user_id"
          label="Nhân viên"
          required
          rules={[
            { required: true, message: 'Vui lòng chọn nhân viên' },
            // The server refuses it too (separation of duties); said here before the form is sent.
            {
              validator: async (_, id) => {
                if (id !== null && id === me?.id) throw new Error(SELF_ADJUSTMENT);
              },
            },
          ]}
        >
          <UserSelect aria-label="Nhân viên được điều chỉnh" known={known} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 12 }}>
          <Form.Item
            name="year"
            label="Năm"
            required
            style={{ width: 140 }}
            rules={[{ required: true, message: 'Vui lòng nhập năm' }, zodRule(shape.year)]}
          >
            <DecimalInput aria-label="Năm điều chỉnh" scale={0} grouping={false} />
          </Form.Item>
          <Form.Item
            name="days"
            label="Số ngày (+/−)"
            required
            style={{ flex: 1 }}
            rules={[{ required: true, message: 'Vui lòng nhập số ngày' }, zodRule(shape.days)]}
          >
            <DecimalInput
              aria-label="Số ngày điều chỉnh"
              scale={1}
              grouping={false}
              // Signed: a keypad with the minus sign.
              inputMode="text"
              placeholder="VD: 1 hoặc -0,5"
              suffix="ngày"
            />
          </Form.Item>
        </div>
        <Form.Item name="note" label="Lý do" required rules={[zodRule(shape.note)]}>
          <Input.TextArea rows={3} {...textLimit(shape.note)} placeholder="VD: Thưởng 1 ngày phép do làm thêm dịp quyết toán" />
        </Form.Item>
      </Form>
      {current.data && (
        <Alert
          type="info"
          showIcon
          data-testid="adjustment-preview"
          message={
            after === null
              ? `Hiện còn ${formatDays(current.data.remaining)} phép năm ${current.data.year}.`
              : `Hiện còn ${formatDays(current.data.remaining)} → sau điều chỉnh còn ${formatDays(after)}.`
          }
        />
      )}
    </Modal>
  );
}
