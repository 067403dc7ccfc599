import { VAT_RATE_LABELS, type VatRate } from '@qlcv/common/schemas/services';
import { Tag } from 'antd';

/** The reduced rate the dated rules bring a reducible 10 % service down to (Nghị định 174/2025/NĐ-CP: 8 %). */
const REDUCED_RATE = 8;

/** "10 % (giảm còn 8 % theo quy định)" for a reducible 10 % service; else the rate's own label. */
export function vatLabel(rate: VatRate, reducible: boolean): string {
  const label = VAT_RATE_LABELS[rate];
  return rate === '10' && reducible ? `${label} (giảm còn ${REDUCED_RATE} % theo quy định)` : label;
}

export const VAT_OPTIONS = (Object.keys(VAT_RATE_LABELS) as VatRate[]).map((value) => ({ value, label: VAT_RATE_LABELS[value] }));

export function VatTag({ rate, reducible }: { rate: VatRate; reducible: boolean }) {
  return (
    <Tag color={rate === 'none' ? undefined : rate === '10' && reducible ? 'gold' : 'blue'}>{vatLabel(rate, reducible)}</Tag>
  );
}
