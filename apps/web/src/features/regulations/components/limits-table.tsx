import { SearchOutlined } from '@ant-design/icons';
import type { Regulation, RegulationLimit } from '@qlcv/common/schemas/regulations';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Empty, Input, type TableColumnsType, Typography } from 'antd';
import { type HTMLAttributes, useMemo, useState } from 'react';
import { usePhone } from '@/components/phone-cards';
import { WideTable } from '@/components/wide-table';
import { formulaText, limitCellText } from './regulation-labels';

/** One printed row of the regulation's table: an analyte over one averaging period, a cell per column. */
interface LimitRow {
  key: string;
  analyte: string;
  name: string;
  unit: string;
  averaging: string;
  cells: Map<string, RegulationLimit>;
  /** The factors of the row when every cell of it has the same ones (the usual case), else null: each cell says. */
  factors: string[] | null;
  notes: string[];
}

function rowsOf(limits: readonly RegulationLimit[]): LimitRow[] {
  const rows = new Map<string, LimitRow>();
  for (const l of limits) {
    const key = `${l.analyte}|${l.averaging}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        key,
        analyte: l.analyte,
        name: l.name,
        unit: l.unit,
        averaging: l.averaging,
        cells: new Map(),
        factors: null,
        notes: [],
      };
      rows.set(key, row);
    }
    row.cells.set(l.column, l);
    if (l.note && !row.notes.includes(l.note)) row.notes.push(l.note);
  }
  for (const row of rows.values()) {
    const withMax = [...row.cells.values()].filter((l) => l.max !== null);
    const first = withMax[0]?.factors.join(' ') ?? '';
    row.factors = withMax.every((l) => l.factors.join(' ') === first) ? (withMax[0]?.factors ?? []) : null;
  }
  return [...rows.values()];
}

const dash = <Typography.Text type="secondary">—</Typography.Text>;

/**
 * The regulation's limits as it prints them: a row per analyte (and averaging period, for air), a column per column
 * of the regulation ("6–9", "≤ 50", "≥ 5"), and the formula the max is multiplied by ("C × Kq × Kf"). It scrolls
 * sideways inside its own box on a phone, the analyte's name kept in sight.
 */
export function LimitsTable({ regulation }: { regulation: Pick<Regulation, 'columns' | 'limits'> }) {
  const [search, setSearch] = useState('');
  // A phone keeps the name and the columns A, B… in sight; the formula and the notes are a swipe away.
  const w = usePhone() ? { name: 120, unit: 60, cell: 76 } : { name: 200, unit: 90, cell: 100 };
  const rows = useMemo(() => rowsOf(regulation.limits), [regulation.limits]);
  const shown = useMemo(() => {
    const q = normalizeVi(search);
    return q ? rows.filter((r) => normalizeVi(`${r.analyte} ${r.name}`).includes(q)) : rows;
  }, [rows, search]);
  const hasAveraging = rows.some((r) => r.averaging);
  const hasFactors = regulation.limits.some((l) => l.factors.length > 0);
  const hasNotes = rows.some((r) => r.notes.length > 0);

  const columns: TableColumnsType<LimitRow> = [
    {
      key: 'name',
      title: 'Thông số',
      width: w.name,
      render: (_, r) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{r.name}</span>
          {r.name.toUpperCase() !== r.analyte && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.analyte}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'unit', title: 'Đơn vị', width: w.unit, render: (_, r) => r.unit },
    ...(hasAveraging
      ? [
          {
            key: 'averaging',
            title: 'Thời gian trung bình',
            width: 120,
            render: (_: unknown, r: LimitRow) => r.averaging || dash,
          },
        ]
      : []),
    ...regulation.columns.map((c) => ({
      key: `column-${c.code}`,
      title: <span title={c.meaning}>{c.code}</span>,
      width: w.cell,
      onCell: () => ({ 'data-column': c.code }) as HTMLAttributes<HTMLElement>,
      render: (_: unknown, r: LimitRow) => {
        const l = r.cells.get(c.code);
        if (!l) return dash;
        // A row whose cells differ in their factors says them in each cell.
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            {r.factors === null ? limitCellText(l) : limitCellText({ ...l, factors: [] })}
          </span>
        );
      },
    })),
    ...(hasFactors
      ? [
          {
            key: 'formula',
            title: 'Công thức',
            width: 130,
            render: (_: unknown, r: LimitRow) =>
              r.factors === null ? (
                <Typography.Text type="secondary">theo từng cột</Typography.Text>
              ) : (
                (formulaText(r.factors) ?? <Typography.Text type="secondary">Cố định</Typography.Text>)
              ),
          },
        ]
      : []),
    ...(hasNotes
      ? [
          {
            key: 'note',
            title: 'Ghi chú',
            width: 220,
            render: (_: unknown, r: LimitRow) => (r.notes.length ? r.notes.join('; ') : ''),
          },
        ]
      : []),
  ];
  const width =
    w.name +
    w.unit +
    (hasAveraging ? 120 : 0) +
    regulation.columns.length * w.cell +
    (hasFactors ? 130 : 0) +
    (hasNotes ? 220 : 0);

  if (regulation.limits.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Quy chuẩn chưa có giá trị giới hạn nào." />;
  return (
    <>
      {rows.length > 8 && (
        <Input
          allowClear
          prefix={<SearchOutlined />}
          aria-label="Tìm thông số trong bảng giới hạn"
          placeholder="Tìm thông số, mã chất"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ maxWidth: 320, marginBottom: 12 }}
        />
      )}
      <div data-testid="limits-table">
        <WideTable<LimitRow>
          size="small"
          rowKey="key"
          dataSource={shown}
          columns={columns}
          pagination={false}
          onRow={(r) => ({ 'data-analyte': r.analyte }) as HTMLAttributes<HTMLElement>}
          scrollX={width}
          scroll={{ x: width }}
          locale={{ emptyText: 'Không có thông số nào phù hợp' }}
        />
      </div>
    </>
  );
}
