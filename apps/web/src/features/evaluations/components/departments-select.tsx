import { normalizeVi } from '@qlcv/common/vi-text';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { type DepartmentOptionNode, useDepartmentTree } from '@/components/department-options';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

const toOptions = (nodes: DepartmentOptionNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children.length > 0 ? toOptions(n.children) : undefined }));

/**
 * Several departments picked from the tree (an evaluation's coverage). Picking a parent does not tick its
 * children: the server counts sub-departments in anyway, so the saved list stays what was picked.
 */
export function DepartmentsSelect({
  value,
  onChange,
  id,
  disabled,
}: {
  value?: number[];
  onChange?: (value: number[]) => void;
  id?: string;
  disabled?: boolean;
}) {
  const tree = useDepartmentTree();
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number[]>
      id={id}
      multiple
      disabled={disabled}
      value={value ?? []}
      onChange={(v) => onChange?.(v ?? [])}
      treeData={options}
      placeholder={tree.isError ? 'Không tải được danh sách phòng ban' : 'Chọn các phòng ban áp dụng'}
      status={tree.isError ? 'error' : undefined}
      loading={tree.isPending}
      allowClear
      showSearch={{ filterTreeNode: (input, node) => normalizeVi(String(node.title)).includes(normalizeVi(input)) }}
      treeDefaultExpandAll
      notFoundContent={tree.isPending ? 'Đang tải…' : 'Không có phòng ban phù hợp'}
      style={{ width: '100%' }}
    />
  );
}
