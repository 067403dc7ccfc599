import { formatDate } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import { VERDICT_LABELS } from '@qlcv/common/regulation-limits';
import type { AnalysisTrend, TrendPoint } from '@qlcv/common/schemas/analyses';
import { Alert, Card, Empty, Skeleton } from 'antd';
import type { CSSProperties } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useAnalysisTrend } from '../api/analyses-api';

/** Visually hidden, still read by screen readers (the house's sr-only class lives in the dashboard's stylesheet). */
const SR_ONLY: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};
const num = (s: string | null | undefined) => (s == null ? null : Number(s));
/** Axis ticks the Vietnamese way: a decimal comma (the figures themselves stay strings elsewhere). */
const tickVi = (v: number) => formatDecVi(String(Number(v.toPrecision(6))));
const unitOf = (u: string) => (u === '-' ? '' : ` ${u}`);
const valueVi = (p: Pick<TrendPoint, 'qualifier' | 'value' | 'unit'>) =>
  `${p.qualifier ? `${p.qualifier} ` : ''}${formatDecVi(p.value)}${unitOf(p.unit)}`;

interface Row {
  key: number;
  date: string;
  value: number;
  max: number | null;
  min: number | null;
  point: TrendPoint;
}

function ExceedDot(props: { cx?: number; cy?: number; payload?: Row }) {
  const { cx, cy, payload } = props;
  if (cx == null || cy == null || !payload) return null;
  const exceeded = payload.point.verdict === 'exceeded';
  return (
    <circle
      key={payload.key}
      cx={cx}
      cy={cy}
      r={exceeded ? 5 : 3.5}
      fill={exceeded ? '#cf1322' : '#1677ff'}
      stroke="#fff"
      strokeWidth={1}
    />
  );
}

function TrendTooltip({ active, payload }: { active?: boolean; payload?: { payload: Row }[] }) {
  const row = payload?.[0]?.payload;
  if (!active || !row) return null;
  const p = row.point;
  return (
    <div style={{ background: '#fff', border: '1px solid #d9d9d9', padding: '6px 10px', fontSize: 12 }}>
      <div>
        <strong>{formatDate(p.date)}</strong> · {p.sample.code}
      </div>
      <div>Kết quả: {valueVi(p)}</div>
      {p.limit && <div>Giới hạn: {`${p.limit.text}${unitOf(p.limit.unit)}`}</div>}
      {p.verdict && (
        <div style={{ color: p.verdict === 'exceeded' ? '#cf1322' : undefined }}>
          {VERDICT_LABELS[p.verdict]}
          {p.verdict === 'exceeded' && p.exceed_ratio ? ` · gấp ${formatDecVi(p.exceed_ratio)} lần` : ''}
        </div>
      )}
    </div>
  );
}

/**
 * A point's parameter over time (released results), with the limit line(s) each sampling day was judged against and
 * exceeding results in red. The drawing is hidden from assistive technology, which reads a visually-hidden table.
 */
export function TrendChart({ trend, height = 260 }: { trend: AnalysisTrend; height?: number }) {
  const title = `${trend.parameter.name} tại điểm ${trend.point.code}`;
  if (trend.points.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="Chưa có kết quả đã phát hành"
        data-testid="trend-empty"
        style={{ margin: '32px 0' }}
      />
    );
  const rows: Row[] = trend.points.map((p) => ({
    key: p.analysis_id,
    date: p.date,
    value: Number(p.value),
    max: num(p.limit?.max),
    min: num(p.limit?.min),
    point: p,
  }));
  const maxes = new Set(rows.map((r) => r.max));
  const mins = new Set(rows.map((r) => r.min));
  const hasMax = rows.some((r) => r.max !== null);
  const hasMin = rows.some((r) => r.min !== null);
  // One limit over the whole period (the usual case, and a single result): a straight line across the chart; limits
  // that changed (another regulation, another factor) step at each sampling day.
  const oneMax = maxes.size === 1 && hasMax ? rows[0]!.max : null;
  const oneMin = mins.size === 1 && hasMin ? rows[0]!.min : null;
  const exceeded = trend.points.filter((p) => p.verdict === 'exceeded').length;
  return (
    <figure aria-label={title} style={{ margin: 0, position: 'relative' }} data-testid="trend-chart">
      {trend.truncated && <Alert type="info" showIcon title="Chỉ hiển thị một phần kết quả: hãy thu hẹp khoảng thời gian." />}
      <div aria-hidden="true" style={{ width: '100%', height }}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 12, bottom: 0, left: 0 }} accessibilityLayer={false}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="date" tickFormatter={(d: string) => formatDate(d)} tick={{ fontSize: 11 }} minTickGap={24} />
            <YAxis tickFormatter={tickVi} tick={{ fontSize: 11 }} width={52} />
            <Tooltip content={<TrendTooltip />} />
            {oneMax !== null && <ReferenceLine y={oneMax} stroke="#cf1322" strokeDasharray="6 4" ifOverflow="extendDomain" />}
            {oneMin !== null && <ReferenceLine y={oneMin} stroke="#d46b08" strokeDasharray="6 4" ifOverflow="extendDomain" />}
            {hasMax && oneMax === null && (
              <Line
                dataKey="max"
                name="Giới hạn tối đa"
                type="stepAfter"
                stroke="#cf1322"
                strokeDasharray="6 4"
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            )}
            {hasMin && oneMin === null && (
              <Line
                dataKey="min"
                name="Giới hạn tối thiểu"
                type="stepAfter"
                stroke="#d46b08"
                strokeDasharray="6 4"
                dot={false}
                isAnimationActive={false}
                connectNulls
              />
            )}
            <Line
              dataKey="value"
              name="Kết quả"
              stroke="#1677ff"
              dot={<ExceedDot />}
              activeDot={false}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <figcaption style={{ fontSize: 12, color: '#595959' }}>
        {`${trend.points.length} kết quả từ ${formatDate(trend.from)} đến ${formatDate(trend.to)}`}
        {exceeded > 0 ? `, ${exceeded} kết quả vượt quy chuẩn (chấm đỏ)` : ''}
        {hasMax || hasMin ? '; đường nét đứt: giới hạn.' : '.'}
      </figcaption>
      <div style={SR_ONLY}>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Ngày lấy mẫu</th>
              <th scope="col">Kết quả</th>
              <th scope="col">Giới hạn</th>
              <th scope="col">Đánh giá</th>
            </tr>
          </thead>
          <tbody>
            {trend.points.map((p) => (
              <tr key={p.analysis_id}>
                <th scope="row">{`${formatDate(p.date)} (${p.sample.code})`}</th>
                <td>{valueVi(p)}</td>
                <td>{p.limit ? `${p.limit.text}${unitOf(p.limit.unit)}` : '—'}</td>
                <td>{p.verdict ? VERDICT_LABELS[p.verdict] : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

/** The trend card of an analysis page: the same point and parameter over the year before today. */
export function AnalysisTrendCard({ pointId, parameterId }: { pointId: number; parameterId: number }) {
  const trend = useAnalysisTrend({ point_id: pointId, parameter_id: parameterId });
  return (
    <Card title="Diễn biến theo thời gian (12 tháng)" data-testid="analysis-trend-card">
      {trend.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : trend.isError ? (
        <Alert type="error" showIcon title="Không tải được diễn biến kết quả" />
      ) : (
        <TrendChart trend={trend.data} />
      )}
    </Card>
  );
}
