import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useDepartmentOptions } from '@/components/department-options';
import { useUserOptions, useUsersByIds } from '../api/options';

interface UserProps {
  value?: number | number[] | null;
  onChange?: (value: never) => void;
  multiple?: boolean;
  placeholder?: string;
  id?: string;
  style?: CSSProperties;
  'aria-label'?: string;
  /** Shown although not in the list (e.g. the current assignee). */
  known?: { id: number; name: string }[];
}

/** Active users, searched on the server without accents (first 50). Any signed-in user may pick one. */
export function UserSelect({
  value,
  onChange,
  multiple,
  placeholder = 'Chọn nhân viên',
  id,
  style,
  known = [],
  ...rest
}: UserProps) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const users = useUserOptions(search);
  const departments = useDepartmentOptions();
  const picked = useMemo(() => (value == null ? [] : Array.isArray(value) ? value : [value]), [value]);
  // The picked users the list does not hold (another page of the search, or known by id only) get their labels by id.
  const unlabelled = useMemo(
    () =>
      picked
        .filter((id) => !known.some((k) => k.id === id) && !(users.data ?? []).some((u) => u.id === id))
        .sort((a, b) => a - b),
    [picked, known, users.data],
  );
  const labelled = useUsersByIds(unlabelled);

  const options = useMemo(() => {
    const names = new Map((departments.data ?? []).map((d) => [d.id, d.name]));
    const label = (u: { name: string; department_id: number | null }) => {
      const department = u.department_id ? names.get(u.department_id) : undefined;
      return department ? `${u.name} — ${department}` : u.name;
    };
    const list = (users.data ?? []).map((u) => ({ value: u.id, label: label(u) }));
    for (const u of labelled.data ?? []) if (!list.some((o) => o.value === u.id)) list.push({ value: u.id, label: label(u) });
    for (const k of known) if (!list.some((o) => o.value === k.id)) list.push({ value: k.id, label: k.name });
    return list;
  }, [users.data, labelled.data, departments.data, known]);

  return (
    <Select
      id={id}
      aria-label={rest['aria-label']}
      style={style}
      mode={multiple ? 'multiple' : undefined}
      value={value ?? undefined}
      onChange={(v) => onChange?.((v ?? (multiple ? [] : null)) as never)}
      options={options}
      allowClear
      placeholder={users.isError ? 'Không tải được danh sách nhân viên' : placeholder}
      status={users.isError ? 'error' : undefined}
      loading={users.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onBlur={() => setTyped('')}
      notFoundContent="Không có nhân viên phù hợp"
      popupMatchSelectWidth={false}
    />
  );
}
