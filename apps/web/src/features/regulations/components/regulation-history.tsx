import { formatDecVi } from '@qlcv/common/lab-decimal';
import { MEDIUM_LABELS, type Medium } from '@qlcv/common/schemas/parameters';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { type HistoryView, historyValue } from '@/components/history-timeline';
import { limitCellText } from './regulation-labels';

const FIELD_LABELS: HistoryView['fieldLabels'] = {
  code: 'Số hiệu',
  title: 'Tên quy chuẩn',
  medium: 'Thành phần môi trường',
  issuer: 'Cơ quan ban hành',
  issuing_document: 'Văn bản ban hành',
  valid_from: 'Có hiệu lực từ',
  valid_to: 'Hết hiệu lực từ',
  replaced_by: 'Thay thế bởi',
  replaces: 'Thay thế cho',
  source: 'Nguồn trích dẫn',
  note: 'Ghi chú',
  columns: 'Cột giá trị',
  factors: 'Hệ số',
  limits: 'Giá trị giới hạn',
};

interface RecordedLimit {
  analyte?: unknown;
  column?: unknown;
  averaging?: unknown;
  min?: string | null;
  max?: string | null;
  factors?: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const codeOf = (v: unknown) => (isObject(v) && 'code' in v ? String(v.code) : historyValue(v));

/** "BOD5 cột B (24 giờ)": which limit of the table. */
const limitKey = (l: RecordedLimit) =>
  `${String(l.analyte ?? '?')} cột ${String(l.column ?? '?')}${l.averaging ? ` (${String(l.averaging)})` : ''}`;
const limitValue = (l: RecordedLimit) =>
  limitCellText({ min: l.min ?? null, max: l.max ?? null, factors: Array.isArray(l.factors) ? l.factors : [] });

const MAX_LINES = 8;

/**
 * A change of the limits table as what changed in it — "BOD5 cột B: ≤ 50 → ≤ 45", "thêm COD cột A: ≤ 75", "bỏ …" —
 * rather than two tables of hundreds of values; an import's entry (recorded as counts) reads as its counts.
 */
function limitsChange(before: unknown, after: unknown): ReactNode | undefined {
  if (!Array.isArray(before) || !Array.isArray(after)) return undefined;
  const old = new Map((before as RecordedLimit[]).map((l) => [limitKey(l), l]));
  const now = new Map((after as RecordedLimit[]).map((l) => [limitKey(l), l]));
  const lines: string[] = [];
  for (const [key, l] of now) {
    const was = old.get(key);
    if (!was) lines.push(`thêm ${key}: ${limitValue(l)}`);
    else if (limitValue(was) !== limitValue(l)) lines.push(`${key}: ${limitValue(was)} → ${limitValue(l)}`);
  }
  for (const [key, l] of old) if (!now.has(key)) lines.push(`bỏ ${key}: ${limitValue(l)}`);
  if (lines.length === 0) return <Typography.Text>ghi chú, tên hoặc đơn vị của một số giá trị</Typography.Text>;
  const shown = lines.slice(0, MAX_LINES).join('; ');
  return (
    <Typography.Text>
      {shown}
      {lines.length > MAX_LINES ? `; và ${lines.length - MAX_LINES} thay đổi khác` : ''}
    </Typography.Text>
  );
}

const formatValue = (field: string, value: unknown): string => {
  if (field === 'medium' && typeof value === 'string') return MEDIUM_LABELS[value as Medium] ?? value;
  if (field === 'replaced_by') return codeOf(value);
  if (field === 'replaces' && Array.isArray(value)) return value.length ? value.map(codeOf).join(', ') : '(trống)';
  if (field === 'columns' && Array.isArray(value)) return value.length ? value.map(codeOf).join(', ') : '(trống)';
  if (field === 'factors' && Array.isArray(value)) {
    if (value.length === 0) return '(trống)';
    return value
      .map((f) => {
        if (!isObject(f)) return historyValue(f);
        const values = Array.isArray(f.values)
          ? (f.values as { value?: unknown }[]).map((v) => formatDecVi(String(v.value ?? ''))).join('; ')
          : '';
        return `${String(f.code)}${values ? ` (${values})` : ''}`;
      })
      .join(', ');
  }
  if (field === 'limits' && Array.isArray(value)) return `${value.length} giá trị`;
  return historyValue(value);
};

/** How a regulation's "Lịch sử" reads: `<RecordHistory entity="regulations" id={…} {...REGULATION_HISTORY} />`. */
export const REGULATION_HISTORY: HistoryView = {
  fieldLabels: FIELD_LABELS,
  formatValue,
  renderChange: (field, before, after) => (field === 'limits' ? limitsChange(before, after) : undefined),
};
