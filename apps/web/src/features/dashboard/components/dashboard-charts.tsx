import { formatNumber } from '@qlcv/common/format/number';
import { REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import { type DashboardCharts as Charts, DASHBOARD_CHART_LABELS as LABELS } from '@qlcv/common/schemas/dashboard';
import { REQUEST_STATUSES, type RequestStatus } from '@qlcv/common/schemas/requests';
import { Card, Col, Empty, Row } from 'antd';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { REQUEST_STATUS_CHART_COLORS } from './status-colors';

/** 'YYYY-MM' → 'MM/YYYY'. */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;
const formatDays = (days: number) => formatNumber(days, { decimals: Number.isInteger(days) ? 0 : 1 });

/**
 * A chart in a card: the drawing is hidden from assistive technology, which reads the same figures from a
 * visually-hidden table instead; no data → "Chưa có dữ liệu".
 */
function ChartCard({
  id,
  title,
  empty,
  table,
  children,
  height = 280,
}: {
  id: string;
  title: string;
  empty: boolean;
  table: { head: string[]; rows: (string | number)[][] };
  children: ReactNode;
  height?: number;
}) {
  return (
    <Card size="small" title={<span id={`${id}-title`}>{title}</span>} data-testid={`dashboard-chart-${id}`}>
      {empty ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có dữ liệu" style={{ margin: '48px 0' }} />
      ) : (
        <figure aria-labelledby={`${id}-title`} style={{ margin: 0, position: 'relative' }}>
          <div aria-hidden="true" style={{ width: '100%', height }}>
            <ResponsiveContainer width="100%" height="100%">
              {children as React.ReactElement}
            </ResponsiveContainer>
          </div>
          <div className="qlcv-sr-only">
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {table.head.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])}>
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={table.head[i]} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={table.head[i]}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </figure>
      )}
    </Card>
  );
}

function RequestsPerMonth({ rows }: { rows: NonNullable<Charts['requests_per_month']> }) {
  const data = rows.map((r) => ({ month: monthLabel(r.month), ...r.counts }));
  const empty = rows.every((r) => REQUEST_STATUSES.every((s) => !r.counts[s]));
  return (
    <ChartCard
      id="requests-per-month"
      title={LABELS.requests_per_month}
      empty={empty}
      table={{
        head: ['Tháng', ...REQUEST_STATUSES.map((s) => REQUEST_STATUS_LABELS[s] ?? s)],
        rows: data.map((d) => [d.month, ...REQUEST_STATUSES.map((s) => formatNumber(d[s] ?? 0))]),
      }}
    >
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="month" tick={{ fontSize: 11 }} />
        <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => formatNumber(Number(v))} />
        {/* In the statuses' own order, not alphabetical. */}
        <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={(item) => REQUEST_STATUSES.indexOf(item.dataKey as RequestStatus)} />
        {REQUEST_STATUSES.map((s) => (
          <Bar key={s} dataKey={s} name={REQUEST_STATUS_LABELS[s]} stackId="status" fill={REQUEST_STATUS_CHART_COLORS[s]} />
        ))}
      </BarChart>
    </ChartCard>
  );
}

function WorksOnTime({ rows }: { rows: NonNullable<Charts['works_on_time_by_department']> }) {
  const data = rows
    .filter((r) => r.done > 0)
    .map((r) => ({ name: r.department.name, rate: Math.round((r.on_time / r.done) * 100), done: r.done, on_time: r.on_time }));
  return (
    <ChartCard
      id="works-on-time"
      title={LABELS.works_on_time_by_department}
      empty={data.length === 0}
      height={Math.max(160, data.length * 36 + 40)}
      table={{
        head: ['Phòng ban', 'Tỷ lệ đúng hạn', 'Đúng hạn', 'Đã hoàn thành'],
        rows: data.map((d) => [d.name, `${d.rate}%`, formatNumber(d.on_time), formatNumber(d.done)]),
      }}
    >
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 40, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" domain={[0, 100]} unit="%" tick={{ fontSize: 11 }} />
        <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v, _n, item) => [`${v}% (${item.payload.on_time}/${item.payload.done})`, 'Đúng hạn']} />
        <Bar
          dataKey="rate"
          name="Đúng hạn"
          fill="#0b7a75"
          label={{ position: 'right', fontSize: 11, formatter: (v: unknown) => `${v}%` }}
        />
      </BarChart>
    </ChartCard>
  );
}

function LeaveDays({ rows }: { rows: NonNullable<Charts['leave_days_by_type']> }) {
  const data = rows.filter((r) => r.days > 0).map((r) => ({ name: r.type.name, days: r.days }));
  return (
    <ChartCard
      id="leave-days"
      title={LABELS.leave_days_by_type}
      empty={data.length === 0}
      height={Math.max(160, data.length * 36 + 40)}
      table={{ head: ['Loại nghỉ', 'Số ngày'], rows: data.map((d) => [d.name, formatDays(d.days)]) }}
    >
      <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 4, right: 40, left: 8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tick={{ fontSize: 11 }} tickFormatter={(v: number) => formatDays(v)} />
        <YAxis type="category" dataKey="name" width={130} tick={{ fontSize: 11 }} />
        <Tooltip formatter={(v) => [`${formatDays(Number(v))} ngày`, 'Số ngày']} />
        <Bar
          dataKey="days"
          name="Số ngày"
          fill="#13c2c2"
          label={{ position: 'right', fontSize: 11, formatter: (v: unknown) => formatDays(Number(v)) }}
        />
      </BarChart>
    </ChartCard>
  );
}

/** The three charts; a chart whose part is null (not in the viewer's scope) is not shown. Default export: lazy-loaded. */
export default function DashboardCharts({ charts }: { charts: Charts }) {
  const { requests_per_month: perMonth, works_on_time_by_department: onTime, leave_days_by_type: leaveDays } = charts;
  if (!perMonth && !onTime && !leaveDays) return null;
  // The wide monthly chart takes a row; the other two share one on wide screens.
  const half = onTime && leaveDays ? 12 : 24;
  return (
    <Row gutter={[16, 16]}>
      {perMonth && (
        <Col key="per-month" xs={24}>
          <RequestsPerMonth rows={perMonth} />
        </Col>
      )}
      {onTime && (
        <Col key="on-time" xs={24} xl={half}>
          <WorksOnTime rows={onTime} />
        </Col>
      )}
      {leaveDays && (
        <Col key="leave-days" xs={24} xl={half}>
          <LeaveDays rows={leaveDays} />
        </Col>
      )}
    </Row>
  );
}
