import { SyncOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { type UserEvaluationDetail, userEvaluationScoreBody } from '@qlcv/common/schemas/user-evaluations';
import { Form, Input, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import type { z } from 'zod';
import { DecimalInput } from '@/components/decimal-input';
import { DirectionIcon, formatScore } from '@/components/kpi-tags';
import { usePhoneTable } from '@/components/phone-cards';
import type { DecimalValue } from '@/lib/decimal';
import { fieldError } from '@/lib/forms';
import { RecordsPopover } from './records-popover';
import { formatValue } from './user-evaluation-format';

export type Criterion = UserEvaluationDetail['criteria'][number];

/** What may be typed on the page: per criterion, keyed by its id. */
export interface Draft {
  self_score: DecimalValue;
  reviewer_score: DecimalValue;
  actual: DecimalValue;
  note: string;
}

const scoreShape = userEvaluationScoreBody.shape;
const NUMBER_FIELDS = { self_score: scoreShape.self_score, reviewer_score: scoreShape.reviewer_score, actual: scoreShape.actual };

/** What is wrong with a draft's numbers (a score out of 0–100, text that is no number), field by field. */
export const draftErrors = (d: Draft) =>
  Object.fromEntries(
    Object.entries(NUMBER_FIELDS)
      .map(([key, schema]) => [key, fieldError(schema, d[key as keyof typeof NUMBER_FIELDS])])
      .filter(([, error]) => error),
  ) as Partial<Record<keyof typeof NUMBER_FIELDS, string>>;

/** A draft's number as a number: null when empty or not taken. */
export const draftNumber = (v: DecimalValue | undefined) => (typeof v === 'number' ? v : null);

/** A draft's score when it is one the API takes (120 is no score: it counts for nothing until fixed). */
export const validScore = (d: Draft | undefined, key: 'self_score' | 'reviewer_score') =>
  d && !draftErrors(d)[key] ? draftNumber(d[key]) : null;

export const draftOf = (c: Criterion): Draft => ({
  self_score: c.self_score,
  reviewer_score: c.reviewer_score,
  actual: c.kpi_type.measure === 'manual' ? c.actual : null,
  note: c.note ?? '',
});

export interface Editable {
  self: boolean;
  reviewer: boolean;
}

/** A number typed in a cell, checked by the API's schema as it is typed; its error under it. */
function NumberCell({
  label,
  value,
  onChange,
  schema,
  scale,
  grouping,
}: {
  label: string;
  value: DecimalValue;
  onChange: (v: DecimalValue) => void;
  schema: z.ZodType;
  scale: number;
  grouping: boolean;
}) {
  const error = fieldError(schema, value);
  return (
    <Form.Item validateStatus={error ? 'error' : undefined} help={error} style={{ marginBottom: 0 }}>
      <DecimalInput aria-label={label} scale={scale} grouping={grouping} value={value} onChange={onChange} />
    </Form.Item>
  );
}

const scoreInput = (label: string, value: DecimalValue, onChange: (v: DecimalValue) => void, schema: z.ZodType) => (
  <NumberCell label={label} value={value} onChange={onChange} schema={schema} scale={2} grouping={false} />
);

/** The criteria of a user evaluation: target, actual (computed or typed), self and reviewer scores, note. */
export function CriteriaTable({
  criteria,
  drafts,
  setDraft,
  editable,
}: {
  criteria: Criterion[];
  drafts: Record<number, Draft>;
  setDraft: (id: number, patch: Partial<Draft>) => void;
  editable: Editable;
}) {
  const columns: TableColumnsType<Criterion> = [
    {
      key: 'kpi',
      title: 'Tiêu chí',
      render: (_, c) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.4 }}>
          <span>
            <DirectionIcon direction={c.kpi_type.direction} /> {c.kpi_type.name}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.kpi_type.code}
            {c.kpi_type.unit ? ` · ${c.kpi_type.unit}` : ''}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'weight', title: 'Trọng số', width: 80, align: 'right', render: (_, c) => `${c.weight}%` },
    {
      key: 'target',
      title: 'Mục tiêu',
      width: 110,
      align: 'right',
      render: (_, c) => formatValue(c.target, c.kpi_type.unit),
    },
    {
      key: 'actual',
      title: 'Thực tế',
      width: 170,
      render: (_, c) => {
        const row = `dòng ${c.kpi_type.name}`;
        if (c.kpi_type.measure === 'manual') {
          if (editable.reviewer)
            return (
              <NumberCell
                label={`Thực tế ${row}`}
                value={drafts[c.id]?.actual ?? null}
                onChange={(v) => setDraft(c.id, { actual: v })}
                schema={scoreShape.actual}
                scale={2}
                grouping
              />
            );
          return (
            <span>
              {formatValue(c.actual, c.kpi_type.unit)}{' '}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                (nhập tay)
              </Typography.Text>
            </span>
          );
        }
        return (
          <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.5 }} data-testid="computed-actual">
            <span>
              <Typography.Text strong>{formatValue(c.actual, c.kpi_type.unit)}</Typography.Text>{' '}
              <Tooltip
                title={
                  c.actual_updated_at ? `Tính từ dữ liệu lúc ${formatDateTime(c.actual_updated_at)}` : 'Tính từ dữ liệu của kỳ'
                }
              >
                <Tag color="cyan" icon={<SyncOutlined />} style={{ marginInlineEnd: 0 }}>
                  Tự động
                </Tag>
              </Tooltip>
            </span>
            <RecordsPopover records={c.records} />
          </span>
        );
      },
    },
    {
      key: 'self',
      title: 'Tự chấm',
      width: 100,
      align: 'right',
      render: (_, c) =>
        editable.self
          ? scoreInput(
              `Tự chấm ${c.kpi_type.name}`,
              drafts[c.id]?.self_score ?? null,
              (v) => setDraft(c.id, { self_score: v }),
              scoreShape.self_score,
            )
          : formatScore(c.self_score),
    },
    {
      key: 'reviewer',
      title: 'Quản lý chấm',
      width: 110,
      align: 'right',
      render: (_, c) =>
        editable.reviewer
          ? scoreInput(
              `Quản lý chấm ${c.kpi_type.name}`,
              drafts[c.id]?.reviewer_score ?? null,
              (v) => setDraft(c.id, { reviewer_score: v }),
              scoreShape.reviewer_score,
            )
          : formatScore(c.reviewer_score),
    },
    {
      key: 'note',
      title: 'Ghi chú',
      width: 220,
      render: (_, c) =>
        editable.self || editable.reviewer ? (
          <Input.TextArea
            aria-label={`Ghi chú ${c.kpi_type.name}`}
            autoSize={{ minRows: 1, maxRows: 4 }}
            maxLength={1000}
            value={drafts[c.id]?.note ?? ''}
            onChange={(e) => setDraft(c.id, { note: e.target.value })}
          />
        ) : (
          <span style={{ whiteSpace: 'pre-line' }}>{c.note || <Typography.Text type="secondary">—</Typography.Text>}</span>
        ),
    },
  ];
  // On a phone each criterion is a card: its score inputs stay on the screen instead of past its right edge.
  const table = usePhoneTable(columns, 960);
  return (
    <Table<Criterion> rowKey="id" size="small" pagination={false} dataSource={criteria} data-testid="criteria-table" {...table} />
  );
}
