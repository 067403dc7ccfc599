import { normalizeVi } from '@qlcv/common/vi-text';
import { TreeSelect } from 'antd';
import { type CSSProperties, useMemo } from 'react';
import { type DepartmentOptionNode, useDepartmentTree } from './department-options';

interface TreeOption {
  value: number;
  title: string;
  children?: TreeOption[];
}

const toOptions = (nodes: DepartmentOptionNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.name, children: n.children.length > 0 ? toOptions(n.children) : undefined }));

interface Props {
  value?: number | null;
  onChange?: (value: number | null) => void;
  placeholder?: string;
  id?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

/** A department picked from the tree (any signed-in user may); typing filters without regard to accents. */
export function DepartmentTreeSelect({ value, onChange, placeholder = 'Chọn phòng ban', id, style, ...rest }: Props) {
  const tree = useDepartmentTree();
  const options = useMemo(() => toOptions(tree.data ?? []), [tree.data]);
  return (
    <TreeSelect<number | null>
      id={id}
      aria-label={rest['aria-label']}
      style={style}
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
      popupMatchSelectWidth={false}
    />
  );
}
