import type { Equipment } from '@qlcv/common/schemas/equipment';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteEquipment } from '../api/equipment-api';

/** "Xóa" with a confirmation; a refusal by the server shows as a toast. */
export function DeleteEquipmentButton({
  equipment,
  ...props
}: DeleteButtonProps & { equipment: Pick<Equipment, 'id' | 'name' | 'kind'> }) {
  const remove = useDeleteEquipment();
  return (
    <DeleteButton
      {...props}
      noun={equipment.kind === 'vehicle' ? 'phương tiện' : 'thiết bị'}
      name={equipment.name}
      content="Bản ghi sẽ bị xóa khỏi danh sách. Nếu chỉ tạm không dùng (hỏng, đang sửa), hãy ngừng sử dụng thay vì xóa."
      remove={() => remove.mutateAsync(equipment.id)}
    />
  );
}
