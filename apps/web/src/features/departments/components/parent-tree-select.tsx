import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { normalizeVi } from '@qlcv/common/vi-text';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useDepartmentTree } from '../api/departments-api';

interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** The tree as options; `excludeId` and everything under it cannot be picked (no loops). */
function toOptions(nodes: DepartmentNode[], excludeId: number | undefined, insideExcluded = false): TreeOption[] {
  return nodes.map((n) => {
    const excluded = insideExcluded || n.id === excludeId;
    return {
      value: n.id,
      title: n.name,
      disabled: excluded,
      children: n.children.length > 0 ? toOptions(n.children, excludeId, excluded) : undefined,
    };
  });
}

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  id?: string;
  /** The department being edited. */
  excludeId?: number;
}

/** "Trực thuộc": picks the parent department from the tree. */
export function ParentTreeSelect({ value, onChange, id, excludeId }: Props) {
  const tree = useDepartmentTree();
  const options = useMemo(() => toOptions(tree.data ?? [], excludeId), [tree.data, excludeId]);
  return (
    <TreeSelect<number | null>
      id={id}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      treeData={options}
      placeholder={tree.isError ? 'Không tải được danh sách phòng ban' : 'Không trực thuộc phòng ban nào (cấp cao nhất)'}
      status={tree.isError ? 'error' : undefined}
      loading={tree.isPending}
      allowClear
      showSearch={{ filterTreeNode: (input, node) => normalizeVi(String(node.title)).includes(normalizeVi(input)) }}
      treeDefaultExpandAll
      notFoundContent="Không có phòng ban phù hợp"
    />
  );
}
