import type { Unit } from '@qlcv/common/schemas/units';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteUnit } from '../api/units-api';

/** "Xóa" with a confirmation; a unit services use is refused by the server (shown as a toast). */
export function DeleteUnitButton({ unit, ...props }: DeleteButtonProps & { unit: Pick<Unit, 'id' | 'name' | 'services_count'> }) {
  const remove = useDeleteUnit();
  return (
    <DeleteButton
      {...props}
      noun="đơn vị tính"
      name={unit.name}
      content={
        unit.services_count > 0
          ? `Đang có ${unit.services_count} dịch vụ dùng đơn vị này; hệ thống sẽ không cho xóa. Bạn có thể ngừng sử dụng đơn vị thay vì xóa.`
          : 'Đơn vị tính sẽ bị xóa vĩnh viễn.'
      }
      remove={() => remove.mutateAsync(unit.id)}
    />
  );
}
