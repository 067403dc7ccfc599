import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDepartmentTree } from '../api/get-department-tree';
import { useSearchUsers } from '../api/search-users';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  /** The current head, so its name shows before any search. */
  current?: { id: number; name: string } | null;
}

/** "Trưởng phòng": a user picked by searching their name, code or username. */
export function HeadSelect({ value, onChange, id, current }: Props) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  const users = useSearchUsers(search, open || !!search);
  // The department names the form's parent picker already loaded.
  const tree = useDepartmentTree();
  const departmentNames = useMemo(() => {
    const names = new Map<number, string>();
    const walk = (nodes: DepartmentNode[]) => {
      for (const n of nodes) {
        names.set(n.id, n.name);
        walk(n.children);
      }
    };
    walk(tree.data ?? []);
    return names;
  }, [tree.data]);
  const options = useMemo(() => {
    const list = (users.data ?? []).map((u) => ({
      value: u.id,
      label: u.name,
      description: [u.code, u.position, u.department_id ? departmentNames.get(u.department_id) : null]
        .filter(Boolean)
        .join(' · '),
    }));
    // The current head shows by name until the user searches for someone else.
    if (current && !search && !list.some((o) => o.value === current.id)) {
      list.unshift({ value: current.id, label: current.name, description: '' });
    }
    return list;
  }, [users.data, departmentNames, current, search]);

  return (
    <Select<number | null>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      onOpenChange={setOpen}
      allowClear
      placeholder="Tìm theo tên, mã nhân viên"
      showSearch={{ filterOption: false, onSearch: setTyped }}
      options={options}
      optionRender={(option) => (
        <div>
          <div>{option.data.label}</div>
          {option.data.description && <div style={{ fontSize: 12, color: '#8c8c8c' }}>{option.data.description}</div>}
        </div>
      )}
      notFoundContent={
        users.isFetching ? (
          <Spin size="small" />
        ) : users.isError ? (
          'Không tải được danh sách người dùng'
        ) : (
          'Không tìm thấy người dùng phù hợp'
        )
      }
    />
  );
}
