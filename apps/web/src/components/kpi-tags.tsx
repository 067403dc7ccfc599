import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { EVALUATION_STATUS_LABELS, GRADE_LABELS, type Grade } from '@qlcv/common/schemas/evaluations';
import { USER_EVALUATION_STATUS_LABELS } from '@qlcv/common/schemas/user-evaluations';
import { Tag, Tooltip } from 'antd';

// Tags shown alike on the evaluation and user evaluation pages (and the KPI types').

const EVALUATION_COLORS: Record<string, string> = { draft: 'default', open: 'processing', closed: 'success' };
const USER_EVALUATION_COLORS: Record<string, string> = {
  draft: 'default',
  self_assessed: 'processing',
  reviewed: 'warning',
  approved: 'success',
};
export const GRADE_COLORS: Record<Grade, string> = { A: '#389e0d', B: '#1677ff', C: '#d48806', D: '#cf1322' };

export function EvaluationStatusTag({ status }: { status: string }) {
  return (
    <Tag color={EVALUATION_COLORS[status] ?? 'default'} data-testid="evaluation-status">
      {EVALUATION_STATUS_LABELS[status as keyof typeof EVALUATION_STATUS_LABELS] ?? status}
    </Tag>
  );
}

export function UserEvaluationStatusTag({ status }: { status: string }) {
  return (
    <Tag color={USER_EVALUATION_COLORS[status] ?? 'default'} data-testid="user-evaluation-status">
      {USER_EVALUATION_STATUS_LABELS[status as keyof typeof USER_EVALUATION_STATUS_LABELS] ?? status}
    </Tag>
  );
}

/** "A · Xuất sắc" in the grade's colour; "—" before any score. */
export function GradeTag({ grade }: { grade: Grade | null | undefined }) {
  if (!grade) return <span style={{ color: 'rgba(0, 0, 0, 0.6)' }}>—</span>;
  return (
    <Tag color={GRADE_COLORS[grade]} data-testid="grade">
      {grade} · {GRADE_LABELS[grade]}
    </Tag>
  );
}

/** Higher or lower is better, as an arrow with its words on hover. */
export function DirectionIcon({ direction }: { direction: 'higher' | 'lower' | string }) {
  const higher = direction === 'higher';
  return (
    <Tooltip title={higher ? 'Càng cao càng tốt' : 'Càng thấp càng tốt'}>
      <span
        role="img"
        aria-label={higher ? 'Càng cao càng tốt' : 'Càng thấp càng tốt'}
        style={{ color: higher ? '#389e0d' : '#d46b08' }}
      >
        {higher ? <ArrowUpOutlined /> : <ArrowDownOutlined />}
      </span>
    </Tooltip>
  );
}

/** A score or total: "87,5"; "—" when none. */
export const formatScore = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : String(Math.round(value * 100) / 100).replace('.', ',');
