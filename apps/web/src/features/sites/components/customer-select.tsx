import { Select } from 'antd';
import { type CSSProperties, useMemo, useState } from 'react';
import { useCustomerOption, useCustomerOptions } from '@/features/contracts/api/contracts-api';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  placeholder?: string;
  style?: CSSProperties;
  allowClear?: boolean;
  'aria-label'?: string;
}

/** One customer, searched as you type (name, code, tax code, phone); the chosen one keeps its label. */
export function CustomerSelect({
  value,
  onChange,
  id,
  placeholder = 'Tìm theo tên, mã, MST, SĐT',
  style,
  allowClear,
  ...rest
}: Props) {
  const [search, setSearch] = useState('');
  const options = useCustomerOptions(search);
  const chosen = useCustomerOption(value ?? null);
  const list = useMemo(() => {
    const rows = (options.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
    const c = chosen.data;
    if (c && !rows.some((o) => o.value === c.id)) rows.unshift({ value: c.id, label: `${c.name} (${c.code})` });
    return rows;
  }, [options.data, chosen.data]);
  return (
    <Select<number | null>
      id={id}
      aria-label={rest['aria-label']}
      style={style}
      allowClear={allowClear}
      placeholder={placeholder}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={options.isFetching}
      options={list}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      notFoundContent={options.isError ? 'Không tải được danh sách khách hàng' : 'Không có khách hàng phù hợp'}
    />
  );
}
