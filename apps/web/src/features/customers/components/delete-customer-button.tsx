import type { Customer } from '@qlcv/common/schemas/customers';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteCustomer } from '../api/customers-api';

/** "Xóa" with a confirmation; the server's refusal (the customer still has requests) shows as a toast. */
export function DeleteCustomerButton({
  customer,
  requestsCount,
  ...props
}: DeleteButtonProps & {
  customer: Pick<Customer, 'id' | 'name' | 'code'>;
  /** Known on the customer's page: warns before asking the server. */
  requestsCount?: number;
}) {
  const remove = useDeleteCustomer();
  return (
    <DeleteButton
      {...props}
      noun="khách hàng"
      name={customer.name}
      content={
        requestsCount && requestsCount > 0
          ? `Khách hàng ${customer.code} đang có ${requestsCount} yêu cầu; hệ thống sẽ không cho xóa khi còn yêu cầu liên quan.`
          : `Hồ sơ ${customer.code}, người liên hệ và tệp đính kèm sẽ bị xóa vĩnh viễn.`
      }
      remove={() => remove.mutateAsync(customer.id)}
    />
  );
}
