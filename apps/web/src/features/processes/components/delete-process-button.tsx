import type { Process } from '@qlcv/common/schemas/processes';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteProcess } from '../api/processes-api';

/** "Xóa" with a confirmation; the server's refusal (request types or requests use it) shows as a toast. */
export function DeleteProcessButton({
  process,
  ...props
}: DeleteButtonProps & { process: Pick<Process, 'id' | 'name' | 'request_types_count'> }) {
  const remove = useDeleteProcess();
  return (
    <DeleteButton
      {...props}
      noun="quy trình"
      name={process.name}
      content={
        process.request_types_count > 0
          ? `Quy trình đang được dùng cho ${process.request_types_count} loại yêu cầu; hệ thống sẽ không cho xóa. Bạn có thể ngừng sử dụng quy trình thay vì xóa.`
          : 'Quy trình và các bước của nó sẽ bị xóa vĩnh viễn.'
      }
      remove={() => remove.mutateAsync(process.id)}
    />
  );
}
