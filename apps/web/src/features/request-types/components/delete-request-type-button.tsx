import type { RequestType } from '@qlcv/common/schemas/request-types';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteRequestType } from '../api/request-types-api';

/** "Xóa" with a confirmation; the server's refusal (requests use it) shows as a toast. */
export function DeleteRequestTypeButton({
  requestType,
  ...props
}: DeleteButtonProps & { requestType: Pick<RequestType, 'id' | 'name' | 'requests_count'> }) {
  const remove = useDeleteRequestType();
  return (
    <DeleteButton
      {...props}
      noun="loại yêu cầu"
      name={requestType.name}
      content={
        requestType.requests_count > 0
          ? `Đã có ${requestType.requests_count} yêu cầu thuộc loại này; hệ thống sẽ không cho xóa. Bạn có thể ngừng sử dụng loại yêu cầu thay vì xóa.`
          : 'Loại yêu cầu sẽ bị xóa vĩnh viễn và không còn trên trang gửi yêu cầu.'
      }
      remove={() => remove.mutateAsync(requestType.id)}
    />
  );
}
