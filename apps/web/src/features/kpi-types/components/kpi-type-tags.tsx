import { ArrowDownOutlined, ArrowUpOutlined, CalculatorOutlined, EditOutlined } from '@ant-design/icons';
import { formatNumber } from '@qlcv/common/format/number';
import { KPI_DIRECTION_LABELS, KPI_MEASURES, type KpiDirection, type KpiMeasure } from '@qlcv/common/schemas/kpi-types';
import { Tag, Tooltip } from 'antd';

/** How the actual value is obtained: "Nhập tay" or the computed measure, its explanation on hover. */
export function MeasureTag({ measure }: { measure: KpiMeasure }) {
  const info = KPI_MEASURES[measure];
  return (
    <Tooltip title={info.explanation}>
      {measure === 'manual' ? (
        <Tag icon={<EditOutlined />}>{info.label}</Tag>
      ) : (
        <Tag color="blue" icon={<CalculatorOutlined />}>
          {info.label}
        </Tag>
      )}
    </Tooltip>
  );
}

export function DirectionTag({ direction }: { direction: KpiDirection }) {
  return direction === 'higher' ? (
    <Tag color="green" icon={<ArrowUpOutlined />}>
      {KPI_DIRECTION_LABELS.higher}
    </Tag>
  ) : (
    <Tag color="orange" icon={<ArrowDownOutlined />}>
      {KPI_DIRECTION_LABELS.lower}
    </Tag>
  );
}

/** A target or weight as shown: 95 → "95", 1234.5 → "1.234,5", with its unit when there is one. */
export function formatKpiNumber(value: number, unit?: string | null): string {
  const decimals = Number.isInteger(value) ? 0 : Math.min(2, String(value).split('.')[1]?.length ?? 0);
  const text = formatNumber(value, { decimals });
  return unit ? (unit === '%' ? `${text}%` : `${text} ${unit}`) : text;
}
