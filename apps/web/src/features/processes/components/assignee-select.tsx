import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { type DepartmentOptionNode, useDepartmentTree } from '@/components/department-options';
import { useSearchUsers } from '../api/search-users';

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  /** The step's department: the assignee must work in it or in a department under it. */
  departmentId: number | null;
  /** The saved assignee, so its name shows before any search. */
  current?: { id: number; name: string } | null;
}

/** "Người phụ trách mặc định": an active user of the step's department, found by name or staff code. */
export function AssigneeSelect({ value, onChange, id, departmentId, current }: Props) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const tree = useDepartmentTree();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);

  // The server keeps the department and those under it.
  const users = useSearchUsers({ search, department_id: departmentId ?? undefined }, !!departmentId && (open || !!search));
  const departmentNames = useMemo(() => {
    const names = new Map<number, string>();
    const walk = (nodes: DepartmentOptionNode[]) => {
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
      disabled={!departmentId}
      allowClear
      placeholder={departmentId ? 'Tìm theo tên, mã nhân viên' : 'Chọn phòng ban phụ trách trước'}
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
          'Không có nhân viên phù hợp trong phòng ban này'
        )
      }
    />
  );
}
