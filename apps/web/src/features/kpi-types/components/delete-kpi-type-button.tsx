import type { KpiType } from '@qlcv/common/schemas/kpi-types';
import { DeleteButton, type DeleteButtonProps } from '@/components/delete-button';
import { useDeleteKpiType } from '../api/kpi-types-api';

/** "Xóa" with a confirmation; a type evaluation criteria use is refused by the server (shown as a toast). */
export function DeleteKpiTypeButton({
  kpiType,
  ...props
}: DeleteButtonProps & { kpiType: Pick<KpiType, 'id' | 'name' | 'criteria_count'> }) {
  const remove = useDeleteKpiType();
  return (
    <DeleteButton
      {...props}
      noun="loại KPI"
      name={kpiType.name}
      content={
        kpiType.criteria_count > 0
          ? `Loại KPI đang được dùng trong ${kpiType.criteria_count} tiêu chí đánh giá; hệ thống sẽ không cho xóa. Bạn có thể ngừng sử dụng thay vì xóa.`
          : 'Loại KPI sẽ bị xóa vĩnh viễn.'
      }
      remove={() => remove.mutateAsync(kpiType.id)}
    />
  );
}
