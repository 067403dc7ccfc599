import { formatDecVi } from '@qlcv/common/lab-decimal';
import { limitText } from '@qlcv/common/regulation-limits';
import type { EffectiveLimitRecord, RegulationOption } from '@qlcv/common/schemas/regulations';
import type { SitePoint } from '@qlcv/common/schemas/sites';
import { Alert, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { WideTable } from '@/components/wide-table';
import { ROUTES, urlFor } from '@/lib/routes';

// The regulations' screens are another feature's; a link to one is drawn only once its route exists.
const regulationUrl = (id: number) =>
  ROUTES.some((r) => r.name === 'regulations.show') ? urlFor('regulations.show', { id }) : null;

/** A regulation's code, linked to its page where there is one. */
export function RegulationLink({ id, code }: { id: number; code: string }) {
  const to = regulationUrl(id);
  return to ? <Link to={to}>{code}</Link> : <span>{code}</span>;
}

interface LimitRow {
  key: string;
  parameter: SitePoint['plan'][number]['parameter'];
  limit: EffectiveLimitRecord | null;
}

/** One row per plan parameter and limit (air has one per averaging period); a parameter with none, one row saying so. */
function limitRows(point: SitePoint): LimitRow[] {
  return point.plan.flatMap(({ parameter }): LimitRow[] => {
    const limits = parameter.analyte ? point.limits.filter((l) => l.analyte === parameter.analyte) : [];
    if (limits.length === 0) return [{ key: `${parameter.id}`, parameter, limit: null }];
    return limits.map((limit) => ({ key: `${parameter.id}|${limit.averaging}`, parameter, limit }));
  });
}

const secondary = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

// The limit right after the parameter: on a phone both are in sight before the table is scrolled.
const COLUMNS: TableColumnsType<LimitRow> = [
  {
    key: 'parameter',
    title: 'Chỉ tiêu',
    width: 160,
    render: (_, r) => (
      <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
        <span>{r.parameter.code}</span>
        {secondary(r.limit ? r.limit.name : r.parameter.name)}
      </span>
    ),
  },
  {
    key: 'limit',
    title: 'Giới hạn',
    width: 140,
    render: (_, r) => {
      if (!r.limit) return secondary('không có giới hạn trong quy chuẩn');
      if (r.limit.missing.length > 0)
        return (
          <Typography.Text type="warning" data-testid="limit-value">
            Chưa tính được (thiếu {r.limit.missing.join(', ')})
          </Typography.Text>
        );
      return (
        <strong data-testid="limit-value" style={{ whiteSpace: 'nowrap' }}>
          {limitText(r.limit)}
        </strong>
      );
    },
  },
  { key: 'unit', title: 'Đơn vị', width: 80, render: (_, r) => r.limit?.unit ?? r.parameter.unit },
  {
    key: 'formula',
    title: 'Cách tính',
    width: 250,
    render: (_, r) => {
      if (!r.limit) return r.parameter.analyte ? null : secondary('Chỉ tiêu chưa có mã chất để so sánh');
      if (!r.limit.formula) return secondary('Giá trị cố định');
      const base = r.limit.missing.length > 0 && r.limit.base_max ? `, C = ${formatDecVi(r.limit.base_max)}` : '';
      return (
        <span data-testid="limit-formula">
          {r.limit.formula}
          {base}
        </span>
      );
    },
  },
  { key: 'averaging', title: 'Thời gian trung bình', width: 120, render: (_, r) => r.limit?.averaging || '—' },
];

/**
 * "Giới hạn áp dụng hôm nay" of a point compared with a catalogue regulation: each plan parameter's limit in the
 * regulation in force today (the named one, or the one that replaced it), its formula, and the factors still missing.
 */
export function PointLimits({ point, regulation }: { point: SitePoint; regulation: RegulationOption | undefined }) {
  const missing = [...new Set(point.limits.flatMap((l) => l.missing))];
  const applied = point.limits[0]?.regulation;
  const rows = limitRows(point);
  return (
    <div data-testid="point-limits">
      <Typography.Text strong style={{ display: 'block', margin: '12px 0 6px' }}>
        Giới hạn áp dụng hôm nay
      </Typography.Text>
      {applied && applied.id !== point.regulation_id && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          title={
            <>
              {point.regulation ?? regulation?.code} đã được thay thế: hôm nay áp dụng{' '}
              <RegulationLink id={applied.id} code={applied.code} />.
            </>
          }
        />
      )}
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="missing-factors"
          style={{ marginBottom: 8 }}
          title={`Chưa chọn hệ số ${missing.join(', ')}`}
          description="Giới hạn của các chỉ tiêu nhân với hệ số này chưa tính được: sửa điểm quan trắc để chọn giá trị hệ số theo bảng của quy chuẩn."
        />
      )}
      {rows.length === 0 ? (
        <Typography.Text type="secondary">Kế hoạch chưa có chỉ tiêu nào để so sánh.</Typography.Text>
      ) : (
        <WideTable<LimitRow>
          size="small"
          rowKey="key"
          columns={COLUMNS}
          dataSource={rows}
          pagination={false}
          scrollX={750}
          data-testid="limits-table"
        />
      )}
    </div>
  );
}
