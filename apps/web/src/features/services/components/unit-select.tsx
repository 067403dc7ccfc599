import { Select, type SelectProps } from 'antd';
import { useUnitOptions } from '@/features/units/api/units-api';

/** The unit picker: active units, and the current one even if no longer in use. */
export function UnitSelect({ currentId, ...props }: SelectProps<number> & { currentId?: number | null }) {
  const units = useUnitOptions();
  const options = (units.data ?? [])
    .filter((u) => u.active || u.id === currentId)
    .map((u) => ({ value: u.id, label: u.active ? u.name : `${u.name} (ngừng sử dụng)` }));
  return (
    <Select<number>
      showSearch
      optionFilterProp="label"
      placeholder="Chọn đơn vị tính"
      loading={units.isPending}
      options={options}
      {...props}
    />
  );
}
