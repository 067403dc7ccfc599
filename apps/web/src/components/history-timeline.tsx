import { HistoryOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { timeAgo } from '@qlcv/common/format/relative-time';
import { AUDIT_ACTION_LABELS } from '@qlcv/common/labels';
import type { AuditEntity, AuditLog } from '@qlcv/common/schemas/audit-logs';
import type { Paginated } from '@qlcv/common/schemas/common';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Skeleton, Timeline, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import { api } from '@/lib/api/requester';
import { historyKey } from '@/lib/query-keys';

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  lock: 'red',
  unlock: 'green',
  password: 'gray',
};

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A recorded value in words: dates as DD/MM/YYYY, references by name, empty as "(trống)". */
export function historyValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(trống)';
  if (typeof value === 'boolean') return value ? 'Có' : 'Không';
  if (typeof value === 'string') {
    if (DATE_ONLY.test(value)) return formatDate(value);
    if (DATE_TIME.test(value)) return formatDateTime(value);
    return value;
  }
  if (Array.isArray(value)) return value.length === 0 ? '(trống)' : value.map(historyValue).join(', ');
  if (typeof value === 'object' && 'name' in value) return String((value as { name: unknown }).name);
  return String(value);
}

/** How one kind of record's history reads. */
export interface HistoryView {
  /** Fields shown in an update, with their Vietnamese labels; others are left out. */
  fieldLabels: Record<string, string>;
  /** How one field's values read; `historyValue` unless given. */
  formatValue?: (field: string, value: unknown) => string;
  /** A whole custom line for a field (e.g. permissions added / removed); undefined falls back to "old → new". */
  renderChange?: (field: string, before: unknown, after: unknown) => ReactNode | undefined;
}

export interface HistoryTimelineProps extends HistoryView {
  logs: AuditLog[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** "Lịch sử": who changed what and when, newest first. */
export function HistoryTimeline({ logs, loading, error, onRetry, fieldLabels, formatValue, renderChange }: HistoryTimelineProps) {
  const format = (field: string, value: unknown) =>
    value === null || value === undefined || value === '' ? '(trống)' : (formatValue?.(field, value) ?? historyValue(value));

  const changeLines = (log: AuditLog): ReactNode[] => {
    if (log.action !== 'update' || !log.changes) return [];
    return Object.entries(log.changes)
      .filter(([field]) => field in fieldLabels)
      .map(([field, pair]) => {
        const [before, after] = Array.isArray(pair) ? pair : [undefined, pair];
        const custom = renderChange?.(field, before, after);
        return (
          <li key={field}>
            <Typography.Text type="secondary">{fieldLabels[field]}: </Typography.Text>
            {custom ?? (
              <>
                <Typography.Text delete type="secondary">
                  {format(field, before)}
                </Typography.Text>
                {' → '}
                <Typography.Text>{format(field, after)}</Typography.Text>
              </>
            )}
          </li>
        );
      });
  };

  let body: ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (error)
    body = (
      <div role="alert">
        <Typography.Paragraph type="danger" style={{ marginBottom: 8 }}>
          Không tải được lịch sử: {error instanceof Error ? error.message : DEFAULT_ERROR_MESSAGE}
        </Typography.Paragraph>
        <Button size="small" onClick={onRetry}>
          Thử lại
        </Button>
      </div>
    );
  else if (!logs || logs.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có lịch sử thay đổi" />;
  else
    body = (
      <Timeline
        style={{ marginTop: 8 }}
        items={logs.map((log) => {
          const lines = changeLines(log);
          return {
            key: log.id,
            color: ACTION_COLORS[log.action] ?? 'gray',
            content: (
              <div data-testid="history-item">
                <Typography.Text strong>{AUDIT_ACTION_LABELS[log.action] ?? log.action}</Typography.Text>
                <Typography.Text type="secondary"> · {log.user?.name ?? 'Hệ thống'}</Typography.Text>
                <div style={{ fontSize: 12, color: '#595959' }}>
                  {timeAgo(log.created_at)} · {formatDateTime(log.created_at)}
                  {log.ip ? ` · IP ${log.ip}` : ''}
                </div>
                {lines.length > 0 && <ul style={{ margin: '6px 0 0', paddingInlineStart: 18 }}>{lines}</ul>}
              </div>
            ),
          };
        })}
      />
    );

  return (
    <Card
      title={
        <span>
          <HistoryOutlined style={{ marginInlineEnd: 8 }} />
          Lịch sử
        </span>
      }
      size="small"
    >
      {body}
    </Card>
  );
}

/** GET /api/audit-logs?entity=…&entity_id=N → the record's history, newest first (its last 100 entries). */
export function getRecordHistory(entity: AuditEntity, id: number): Promise<Paginated<AuditLog>> {
  return api.get<Paginated<AuditLog>>('/api/audit-logs', {
    params: { entity, entity_id: id, per_page: 100 },
    display: 'ignore',
  });
}

export function useRecordHistory(entity: AuditEntity, id: number) {
  return useQuery({ queryKey: historyKey(entity, id), queryFn: () => getRecordHistory(entity, id), enabled: id > 0 });
}

export interface RecordHistoryProps extends HistoryView {
  /** The audited entity, as `/api/audit-logs?entity=` names it. */
  entity: AuditEntity;
  id: number;
  /**
   * Rewrites an entry before it is shown, e.g. an action with its own details (a step added, a file attached) as
   * one line. Keep it stable (module level or memoised): the entries are rewritten when it changes.
   */
  describe?: (log: AuditLog) => AuditLog;
}

/** A record's "Lịch sử", loaded here: `<RecordHistory entity="roles" id={role.id} fieldLabels={…} />`. */
export function RecordHistory({ entity, id, describe, ...view }: RecordHistoryProps) {
  const history = useRecordHistory(entity, id);
  const logs = useMemo(() => (describe ? history.data?.data.map(describe) : history.data?.data), [history.data, describe]);
  return (
    <HistoryTimeline logs={logs} loading={history.isPending} error={history.error} onRetry={() => history.refetch()} {...view} />
  );
}
