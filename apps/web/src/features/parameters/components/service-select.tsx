import type { Parameter } from '@qlcv/common/schemas/parameters';
import { Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useServiceOptions } from '@/features/contracts/api/contracts-api';

/**
 * The catalogue service that prices a parameter: active services found by code or name as typed (the first matches),
 * and the current one even when it is no longer in use or not among them.
 */
export function ServiceSelect({
  value,
  onChange,
  current,
  id,
}: {
  value?: number | null;
  onChange?: (value: number | null) => void;
  current?: Parameter['service'];
  id?: string;
}) {
  const [search, setSearch] = useState('');
  const services = useServiceOptions(search);
  const options = useMemo(() => {
    const list = (services.data ?? []).map((s) => ({
      value: s.id,
      label: `${s.code} — ${s.name}`,
      group: s.group,
    }));
    if (value && current && current.id === value && !list.some((o) => o.value === value))
      list.unshift({ value, label: `${current.code} — ${current.name}`, group: '' });
    return list;
  }, [services.data, value, current]);
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      allowClear
      placeholder="Tìm theo mã hoặc tên dịch vụ"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={services.isFetching}
      options={options}
      optionRender={(o) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span style={{ whiteSpace: 'normal' }}>{o.label}</span>
          {o.data.group && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {o.data.group}
            </Typography.Text>
          )}
        </span>
      )}
      notFoundContent={services.isError ? 'Không tải được danh mục dịch vụ' : 'Không có dịch vụ phù hợp'}
      style={{ width: '100%' }}
    />
  );
}
