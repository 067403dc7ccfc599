import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { type LeaveSubstitute, leaveSubstituteCreateBody } from '@qlcv/common/schemas/leave-substitutes';
import { App, Button, DatePicker, Drawer, Empty, Form, Input, List, Skeleton, Space, Tag, Typography } from 'antd';
import { LoadError } from '@/components/page-states';
import { handleSubmitError } from '@/components/submit-error';
import { UserSelect } from '@/components/user-select';
import { useAuthUser } from '@/lib/auth/auth-store';
import type { dayjs } from '@/lib/dayjs';
import { textLimit, zodRule } from '@/lib/forms';
import { notifySuccess } from '@/lib/notify/notify';
import { useCan } from '@/lib/permissions/can';
import { useCreateLeaveSubstitute, useDeleteLeaveSubstitute, useLeaveSubstitutes } from '../api/leave-substitutes-api';

interface Values {
  approver_id: number | null;
  substitute_id: number | null;
  period: [dayjs.Dayjs, dayjs.Dayjs] | null;
  note: string;
}

const EMPTY: Values = { approver_id: null, substitute_id: null, period: null, note: '' };

/** "Người duyệt thay": an approver away names who decides their pending leaves for a period. */
export function SubstitutesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const me = useAuthUser();
  const isHr = useCan(['leaves.all']);
  const list = useLeaveSubstitutes(open);
  const create = useCreateLeaveSubstitute();
  const remove = useDeleteLeaveSubstitute();
  const { modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const shape = leaveSubstituteCreateBody.shape;

  const onFinish = async (v: Values) => {
    try {
      await create.mutateAsync({
        approver_id: isHr && v.approver_id ? v.approver_id : undefined,
        substitute_id: v.substitute_id as number,
        start_date: v.period?.[0].format('YYYY-MM-DD') ?? '',
        end_date: v.period?.[1].format('YYYY-MM-DD') ?? '',
        note: v.note.trim() || null,
      });
      notifySuccess('Đã thêm người duyệt thay.');
      form.resetFields();
    } catch (error) {
      handleSubmitError(form, error);
    }
  };

  const confirmDelete = (s: LeaveSubstitute) =>
    modal.confirm({
      title: `Xóa người duyệt thay ${s.substitute.name}?`,
      content: `${s.substitute.name} sẽ không còn duyệt thay cho ${s.approver.name} từ ${formatDate(s.start_date)} đến ${formatDate(s.end_date)}.`,
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Đóng',
      onOk: async () => {
        await remove.mutateAsync(s.id);
        notifySuccess('Đã xóa người duyệt thay.');
      },
    });

  const canDelete = (s: LeaveSubstitute) => isHr || s.approver.id === me?.id || s.created_by === me?.id;

  return (
    <Drawer title="Người duyệt thay" open={open} onClose={onClose} size={520} destroyOnHidden>
      <Typography.Paragraph type="secondary">
        Khi vắng mặt, trưởng phòng chỉ định người duyệt thay trong một khoảng thời gian. Người duyệt thay thấy và quyết định các
        đơn đang chờ duyệt của bạn trong thời gian đó, kể cả đơn gửi trước khi bắt đầu.
      </Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" initialValues={EMPTY} onFinish={onFinish} requiredMark="optional">
        {isHr && (
          <Form.Item name="approver_id" label="Người được duyệt thay" extra="Để trống: cho chính bạn.">
            <UserSelect aria-label="Người được duyệt thay" />
          </Form.Item>
        )}
        <Form.Item
          name="substitute_id"
          label="Người duyệt thay"
          required
          rules={[{ required: true, message: 'Vui lòng chọn người duyệt thay' }]}
        >
          <UserSelect aria-label="Người duyệt thay" />
        </Form.Item>
        <Form.Item
          name="period"
          label="Thời gian"
          required
          rules={[{ required: true, message: 'Vui lòng chọn khoảng thời gian' }]}
        >
          <DatePicker.RangePicker format="DD/MM/YYYY" style={{ width: '100%' }} placeholder={['Từ ngày', 'Đến ngày']} />
        </Form.Item>
        <Form.Item name="note" label="Ghi chú" rules={[zodRule(shape.note)]}>
          <Input.TextArea rows={2} {...textLimit(shape.note)} placeholder="VD: Đi công tác Đà Nẵng" />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={create.isPending}>
          Thêm người duyệt thay
        </Button>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Đang và sắp áp dụng
      </Typography.Title>
      {list.isPending ? (
        <Skeleton active />
      ) : list.isError ? (
        <LoadError plain error={list.error} onRetry={() => list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có người duyệt thay nào" />
      ) : (
        <List
          dataSource={list.data}
          renderItem={(s) => (
            <List.Item
              data-testid="leave-substitute"
              actions={
                canDelete(s)
                  ? [
                      <Button
                        key="delete"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`Xóa người duyệt thay ${s.substitute.name}`}
                        onClick={() => confirmDelete(s)}
                      />,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <Space size={6} wrap>
                    <span>
                      {s.substitute.name} duyệt thay {s.approver.id === me?.id ? 'bạn' : s.approver.name}
                    </span>
                    {s.active && <Tag color="green">Đang áp dụng</Tag>}
                  </Space>
                }
                description={
                  <>
                    {formatDate(s.start_date)} – {formatDate(s.end_date)}
                    {s.note && <div>{s.note}</div>}
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Drawer>
  );
}
