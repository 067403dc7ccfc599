import type { Service } from '@qlcv/common/schemas/services';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteService } from '../api/services-api';

/** "Xóa" with a confirmation. */
export function DeleteServiceButton({ service, ...props }: DeleteButtonProps & { service: Pick<Service, 'id' | 'name'> }) {
  const remove = useDeleteService();
  return (
    <DeleteButton
      {...props}
      noun="dịch vụ"
      name={service.name}
      content="Dịch vụ sẽ bị xóa khỏi danh mục. Nếu chỉ tạm không cung cấp, hãy ngừng sử dụng thay vì xóa."
      remove={() => remove.mutateAsync(service.id)}
    />
  );
}
