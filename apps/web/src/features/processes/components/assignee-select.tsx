import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useDepartmentTree } from '../api/get-department-tree';
import { useSearchUsers } from '../api/search-users';
import { subtreeIds } from './department-tree-select';

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

  const allowed = useMemo(() => subtreeIds(tree.data ?? [], departmentId), [tree.data, departmentId]);
  // One department: the server filters; a department with sub-departments: filtered here.
  const single = allowed.length <= 1;
  const users = useSearchUsers(
    { search, department_id: single && departmentId ? departmentId : undefined },
    !!departmentId && (open || !!search),
  );

  const options = useMemo(() => {
    const list = (users.data?.data ?? [])
      .filter((u) => single || (u.department_id !== null && allowed.includes(u.department_id)))
      .map((u) => ({
        value: u.id,
        label: u.name,
        description: [u.code, u.position, u.department?.name].filter(Boolean).join(' · '),
      }));
    if (current && !search && !list.some((o) => o.value === current.id)) {
      list.unshift({ value: current.id, label: current.name, description: '' });
    }
    return list;
  }, [users.data, single, allowed, current, search]);

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
