import type { DepartmentNode } from '@qlcv/common/schemas/departments';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Empty, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';

export interface TreeRow extends Omit<DepartmentNode, 'children'> {
  children?: TreeRow[];
}

/** Nodes whose name or code matches, with their ancestors; empty children left out so no arrow shows. */
function filterTree(nodes: DepartmentNode[], term: string): TreeRow[] {
  const out: TreeRow[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children, term);
    const matches = !term || normalizeVi(`${node.name} ${node.code}`).includes(term);
    if (matches || children.length > 0) {
      out.push({ ...node, children: children.length > 0 ? children : undefined });
    }
  }
  return out;
}

const allIds = (rows: TreeRow[]): number[] => rows.flatMap((r) => [r.id, ...allIds(r.children ?? [])]);

/** The department tree as an expandable table, everything open; a search keeps the matches and their parents. */
export function DepartmentTreeTable({
  nodes,
  search,
  loading,
  columns,
  empty,
}: {
  nodes: DepartmentNode[];
  search: string;
  loading: boolean;
  columns: TableColumnsType<TreeRow>;
  empty: ReactNode;
}) {
  const rows = useMemo(() => filterTree(nodes, normalizeVi(search)), [nodes, search]);
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  useEffect(() => setExpanded(allIds(rows)), [rows]);

  return (
    <Table<TreeRow>
      rowKey="id"
      columns={columns}
      dataSource={rows}
      loading={loading}
      pagination={false}
      scroll={{ x: 800 }}
      expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: setExpanded, indentSize: 24 }}
      locale={{
        emptyText: loading ? ' ' : search ? <Empty description={`Không tìm thấy phòng ban nào khớp với “${search}”`} /> : empty,
      }}
    />
  );
}
