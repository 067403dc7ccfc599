import { SyncOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import type { UserEvaluationDetail } from '@qlcv/common/schemas/user-evaluations';
import { Input, InputNumber, Table, Tag, Tooltip, Typography } from 'antd';
import { DirectionIcon, formatScore } from '@/components/kpi-tags';
import { RecordsPopover } from './records-popover';
import { formatValue } from './ue-format';

export type Criterion = UserEvaluationDetail['criteria'][number];

/** What may be typed on the page: per criterion, keyed by its id. */
export interface Draft {
  self_score: number | null;
  reviewer_score: number | null;
  actual: number | null;
  note: string;
}

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

const scoreInput = (label: string, value: number | null, onChange: (v: number | null) => void) => (
  <InputNumber
    aria-label={label}
    min={0}
    max={100}
    decimalSeparator=","
    value={value}
    onChange={(v) => onChange(v === null || v === undefined ? null : Number(v))}
    style={{ width: '100%' }}
  />
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
  return (
    <Table<Criterion>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={criteria}
      scroll={{ x: 960 }}
      data-testid="criteria-table"
      columns={[
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
                  <InputNumber
                    aria-label={`Thực tế ${row}`}
                    min={0}
                    decimalSeparator=","
                    value={drafts[c.id]?.actual ?? null}
                    onChange={(v) => setDraft(c.id, { actual: v === null || v === undefined ? null : Number(v) })}
                    style={{ width: '100%' }}
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
                      c.actual_updated_at
                        ? `Tính từ dữ liệu lúc ${formatDateTime(c.actual_updated_at)}`
                        : 'Tính từ dữ liệu của kỳ'
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
              ? scoreInput(`Tự chấm ${c.kpi_type.name}`, drafts[c.id]?.self_score ?? null, (v) =>
                  setDraft(c.id, { self_score: v }),
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
              ? scoreInput(`Quản lý chấm ${c.kpi_type.name}`, drafts[c.id]?.reviewer_score ?? null, (v) =>
                  setDraft(c.id, { reviewer_score: v }),
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
      ]}
    />
  );
}
