import { DeleteOutlined } from '@ant-design/icons';
import type { Customer } from '@qlcv/common/schemas/customers';
import { App, Button } from 'antd';
import { notifySuccess } from '@/lib/notify/notify';
import { useDeleteCustomer } from '../api/delete-customer';

/** "Xóa" with a confirmation; the server's refusal (the customer still has requests) shows as a toast. */
export function DeleteCustomerButton({
  customer,
  requestsCount,
  onDeleted,
  size,
  type = 'link',
}: {
  customer: Pick<Customer, 'id' | 'name' | 'code'>;
  /** Known on the customer's page: warns before asking the server. */
  requestsCount?: number;
  onDeleted?: () => void;
  size?: 'small' | 'middle';
  type?: 'link' | 'default';
}) {
  const { modal } = App.useApp();
  const remove = useDeleteCustomer();

  const confirm = () =>
    modal.confirm({
      title: `Xóa khách hàng “${customer.name}”?`,
      content:
        requestsCount && requestsCount > 0
          ? `Khách hàng ${customer.code} đang có ${requestsCount} yêu cầu; hệ thống sẽ không cho xóa khi còn yêu cầu liên quan.`
          : `Hồ sơ ${customer.code}, người liên hệ và tệp đính kèm sẽ bị xóa vĩnh viễn.`,
      okText: 'Xóa',
      okButtonProps: { danger: true },
      cancelText: 'Hủy',
      onOk: async () => {
        try {
          await remove.mutateAsync(customer.id);
          notifySuccess(`Đã xóa khách hàng “${customer.name}”.`);
          onDeleted?.();
        } catch {
          // The server's message is already shown as a toast.
        }
      },
    });

  return (
    <Button
      type={type}
      size={size}
      danger
      icon={<DeleteOutlined />}
      onClick={confirm}
      aria-label={`Xóa khách hàng ${customer.name}`}
    >
      Xóa
    </Button>
  );
}
