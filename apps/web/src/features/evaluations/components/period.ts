import { formatDate } from '@qlcv/common/format/date';
import type { EvaluationPeriodType } from '@qlcv/common/schemas/evaluations';

export type PeriodType = EvaluationPeriodType;

const ROMAN = ['I', 'II', 'III', 'IV'];
const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export interface Period {
  start: string;
  end: string;
  /** "tháng 11/2026", "quý IV/2026", "năm 2026". */
  label: string;
}

/**
 * The period of a type holding a month: `index` is the month (1–12) for a month, the quarter (1–4) for a quarter,
 * ignored for a year.
 */
export function periodOf(type: PeriodType, year: number, index = 1): Period {
  if (type === 'year') return { start: `${year}-01-01`, end: `${year}-12-31`, label: `năm ${year}` };
  if (type === 'quarter') {
    const first = (index - 1) * 3 + 1;
    const last = first + 2;
    return {
      start: `${year}-${pad(first)}-01`,
      end: `${year}-${pad(last)}-${lastDay(year, last)}`,
      label: `quý ${ROMAN[index - 1]}/${year}`,
    };
  }
  return {
    start: `${year}-${pad(index)}-01`,
    end: `${year}-${pad(index)}-${lastDay(year, index)}`,
    label: `tháng ${pad(index)}/${year}`,
  };
}

/** The suggested name of an evaluation of that period: "Đánh giá KPI quý IV/2026". */
export const suggestedName = (period: Period) => `Đánh giá KPI ${period.label}`;

/** The period's words when start and end match one exactly, else "DD/MM/YYYY – DD/MM/YYYY". */
export function periodLabel(type: string, start: string, end: string): string {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7));
  const index = type === 'quarter' ? Math.ceil(month / 3) : month;
  if (type === 'month' || type === 'quarter' || type === 'year') {
    const p = periodOf(type, year, index);
    if (p.start === start && p.end === end) return p.label.charAt(0).toUpperCase() + p.label.slice(1);
  }
  return `${formatDate(start)} – ${formatDate(end)}`;
}
