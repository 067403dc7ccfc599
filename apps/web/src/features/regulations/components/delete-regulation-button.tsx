import type { Regulation } from '@qlcv/common/schemas/regulations';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteRegulation } from '../api/regulations-api';

/**
 * "Xóa" with a confirmation; a regulation monitoring points use is refused by the server (409 REGULATION_IN_USE), whose
 * message shows as a toast.
 */
export function DeleteRegulationButton({
  regulation,
  ...props
}: DeleteButtonProps & { regulation: Pick<Regulation, 'id' | 'code'> & { point_count?: number } }) {
  const remove = useDeleteRegulation();
  const inUse = regulation.point_count ?? 0;
  return (
    <DeleteButton
      {...props}
      noun="quy chuẩn"
      name={regulation.code}
      content={
        inUse > 0
          ? `Quy chuẩn đang được áp dụng cho ${inUse} điểm quan trắc nên sẽ không xóa được; hãy đổi quy chuẩn của các điểm đó trước.`
          : 'Quy chuẩn cùng các cột, hệ số và giá trị giới hạn của nó sẽ bị xóa khỏi danh mục. Quy chuẩn đã hết hiệu lực nên giữ lại để đối chiếu kết quả cũ.'
      }
      remove={() => remove.mutateAsync(regulation.id)}
    />
  );
}
