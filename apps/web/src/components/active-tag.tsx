import { CheckCircleOutlined, StopOutlined } from '@ant-design/icons';
import { Select, Tag } from 'antd';

/** A record in use or not (units, services, KPI types, processes, request types, contract templates…). */
export const ACTIVE_LABELS = { true: 'Đang sử dụng', false: 'Ngừng sử dụng' } as const;

/** The options of a list's "Trạng thái" filter, as `active=true|false` in the address bar. */
export const ACTIVE_OPTIONS = [
  { value: 'true', label: ACTIVE_LABELS.true },
  { value: 'false', label: ACTIVE_LABELS.false },
];

export function ActiveTag({ active }: { active: boolean }) {
  return active ? (
    <Tag color="green" icon={<CheckCircleOutlined />}>
      {ACTIVE_LABELS.true}
    </Tag>
  ) : (
    <Tag icon={<StopOutlined />}>{ACTIVE_LABELS.false}</Tag>
  );
}

/** A list's "Trạng thái" filter (in use or not). */
export function ActiveFilter({
  value,
  onChange,
  width = 170,
}: {
  value: string | undefined;
  onChange: (value: string | null) => void;
  width?: number;
}) {
  return (
    <Select
      aria-label="Lọc theo trạng thái"
      placeholder="Trạng thái"
      allowClear
      style={{ width }}
      options={ACTIVE_OPTIONS}
      value={value}
      onChange={(v?: string) => onChange(v ?? null)}
    />
  );
}
