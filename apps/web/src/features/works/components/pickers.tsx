import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Select, TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { useCan } from '@/lib/permissions/can';
import { useDepartmentTree, useUserOptions } from '../api/options';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}
const toOptions = (nodes: DepartmentNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children.length > 0 ? toOptions(n.children) : undefined }));

interface DepartmentProps {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  id?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** A department from the tree; typing filters without regard to accents. Needs `departments.index`. */
export function DepartmentSelect({ value, onChange, placeholder = 'Chọn phòng ban', id, style, ...rest }: DepartmentProps) {
  const allowed = useCan(['departments.index']);
  const tree = useDepartmentTree(allowed);
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number | null>
      id={id}
      aria-label={rest['aria-label']}
      style={style}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={options}
      disabled={!allowed}
      placeholder={!allowed ? 'Không có quyền xem phòng ban' : tree.isError ? 'Không tải được danh sách phòng ban' : placeholder}
      status={tree.isError ? 'error' : undefined}
      loading={allowed && tree.isPending}
      allowClear
      showSearch={{ filterTreeNode: (input, node) => normalizeVi(String(node.title)).includes(normalizeVi(input)) }}
      treeDefaultExpandAll
      notFoundContent="Không có phòng ban phù hợp"
      popupMatchSelectWidth={false}
    />
  );
}

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

/** Active users, searchable without accents. Needs `users.index`. */
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
  const allowed = useCan(['users.index']);
  const users = useUserOptions(allowed);
  const options = useMemo(() => {
    const list = (users.data?.data ?? []).map((u) => ({
      value: u.id,
      label: u.department ? `${u.name} — ${u.department.name}` : u.name,
    }));
    for (const k of known) if (!list.some((o) => o.value === k.id)) list.push({ value: k.id, label: k.name });
    return list;
  }, [users.data, known]);
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
      disabled={!allowed}
      placeholder={
        !allowed ? 'Không có quyền xem danh sách nhân viên' : users.isError ? 'Không tải được danh sách nhân viên' : placeholder
      }
      status={users.isError ? 'error' : undefined}
      loading={allowed && users.isPending}
      showSearch={{ filterOption: (input, o) => normalizeVi(String(o?.label)).includes(normalizeVi(input)) }}
      notFoundContent="Không có nhân viên phù hợp"
      popupMatchSelectWidth={false}
    />
  );
}
