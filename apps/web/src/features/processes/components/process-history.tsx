import type { AuditLog } from '@qlcv/common/schemas/audit-logs';
import { useMemo } from 'react';
import { ACTIVE_LABELS } from '@/components/active-tag';
import { historyValue, RecordHistory } from '@/components/history-timeline';

const FIELD_LABELS = { code: 'Mã quy trình', name: 'Tên quy trình', description: 'Mô tả', active: 'Trạng thái' };

const STEP_FIELDS: Record<string, string> = {
  name: 'tên',
  description: 'mô tả',
  department: 'phòng ban',
  default_assignee: 'người phụ trách',
  duration_hours: 'thời hạn',
  produces_result: 'tạo kết quả',
};

type Pair = [unknown, unknown];
const pairOf = (changes: AuditLog['changes'], key: string): Pair => {
  const v = changes?.[key];
  return Array.isArray(v) ? [v[0], v[1]] : [undefined, v];
};

const stepValue = (field: string, value: unknown) =>
  field === 'duration_hours' && typeof value === 'number' ? `${value} giờ` : historyValue(value);

/**
 * Step changes are recorded on the process (`step_create`, `step_update`, `step_delete`, `step_reorder`); the shared
 * timeline only lists the fields of an `update`, so these read as one line saying what happened to which step.
 */
function describe(log: AuditLog, stepNames: Map<number, string>): AuditLog {
  const c = log.changes;
  const quoted = (name: unknown) => `“${String(name ?? '')}”`;
  const resultNote = () => {
    const [from, to] = pairOf(c, 'result_step');
    if (from === undefined && to === undefined) return '';
    return to ? `; bước tạo kết quả: “${String(to)}”` : '; không còn bước tạo kết quả';
  };
  switch (log.action) {
    case 'step_create': {
      const [, name] = pairOf(c, 'name');
      const [, dep] = pairOf(c, 'department');
      const [, hours] = pairOf(c, 'duration_hours');
      const [, position] = pairOf(c, 'position');
      const parts = [dep ? historyValue(dep) : null, typeof hours === 'number' ? `${hours} giờ` : null].filter(Boolean);
      return {
        ...log,
        action: `Thêm bước ${quoted(name)}${position ? ` ở vị trí ${String(position)}` : ''}${parts.length ? ` (${parts.join(', ')})` : ''}${resultNote()}`,
        changes: null,
      };
    }
    case 'step_update': {
      const [, id] = pairOf(c, 'step_id');
      const [nameBefore] = pairOf(c, 'name');
      const name = nameBefore ?? (typeof id === 'number' ? stepNames.get(id) : undefined) ?? `#${String(id)}`;
      const fields = Object.entries(STEP_FIELDS)
        .filter(([key]) => c && key in c)
        .map(([key, label]) => {
          const [a, b] = pairOf(c, key);
          return `${label} ${stepValue(key, a)} → ${stepValue(key, b)}`;
        });
      return {
        ...log,
        action: `Sửa bước ${quoted(name)}${fields.length ? `: ${fields.join('; ')}` : ''}${resultNote()}`,
        changes: null,
      };
    }
    case 'step_delete': {
      const [name] = pairOf(c, 'name');
      return { ...log, action: `Xóa bước ${quoted(name)}`, changes: null };
    }
    case 'step_reorder': {
      const [, after] = pairOf(c, 'steps');
      const order = Array.isArray(after) ? after.map(String).join(' → ') : '';
      return { ...log, action: `Sắp xếp lại các bước${order ? `: ${order}` : ''}`, changes: null };
    }
    default:
      return log;
  }
}

const formatValue = (field: string, value: unknown) =>
  field === 'active' ? ACTIVE_LABELS[value ? 'true' : 'false'] : historyValue(value);

/** The process's "Lịch sử", its steps' changes included. */
export function ProcessHistory({ processId, steps }: { processId: number; steps: { id: number; name: string }[] }) {
  const describeWithSteps = useMemo(() => {
    const names = new Map(steps.map((s) => [s.id, s.name]));
    return (log: AuditLog) => describe(log, names);
  }, [steps]);
  return (
    <RecordHistory
      entity="processes"
      id={processId}
      fieldLabels={FIELD_LABELS}
      formatValue={formatValue}
      describe={describeWithSteps}
    />
  );
}
