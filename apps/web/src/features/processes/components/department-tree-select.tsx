import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { normalizeVi } from '@qlcv/common/vi-text';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useDepartmentTree } from '../api/get-department-tree';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

const toOptions = (nodes: DepartmentNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children.length > 0 ? toOptions(n.children) : undefined }));

/** The department and every department under it. */
export function subtreeIds(nodes: DepartmentNode[], id: number | null | undefined): number[] {
  if (!id) return [];
  const walk = (list: DepartmentNode[]): DepartmentNode | null => {
    for (const n of list) {
      if (n.id === id) return n;
      const found = walk(n.children);
      if (found) return found;
    }
    return null;
  };
  const root = walk(nodes);
  if (!root) return [id];
  const out: number[] = [];
  const collect = (n: DepartmentNode) => {
    out.push(n.id);
    n.children.forEach(collect);
  };
  collect(root);
  return out;
}

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  placeholder?: string;
}

/** "Phòng ban phụ trách": picked from the tree; typing filters without regard to accents. */
export function DepartmentTreeSelect({ value, onChange, id, placeholder = 'Chọn phòng ban' }: Props) {
  const tree = useDepartmentTree();
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number | null>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={options}
      placeholder={tree.isError ? 'Không tải được danh sách phòng ban' : placeholder}
      status={tree.isError ? 'error' : undefined}
      loading={tree.isPending}
      allowClear
      showSearch={{ filterTreeNode: (input, node) => normalizeVi(String(node.title)).includes(normalizeVi(input)) }}
      treeDefaultExpandAll
      notFoundContent={tree.isPending ? 'Đang tải…' : 'Không có phòng ban phù hợp'}
    />
  );
}
