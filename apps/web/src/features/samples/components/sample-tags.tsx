import { formatDateTime } from '@qlcv/common/format/date';
import {
  SAMPLE_QC_KINDS,
  SAMPLE_QC_LABELS,
  SAMPLE_STATUS_LABELS,
  SAMPLE_STATUSES,
  type SampleQcKind,
  type SampleStatus,
} from '@qlcv/common/schemas/samples';
import { Tag } from 'antd';

const STATUS_COLORS: Record<SampleStatus, string> = {
  taken: 'blue',
  handed_over: 'gold',
  received: 'cyan',
  in_analysis: 'purple',
  stored: 'green',
  disposed: 'default',
};

export function SampleStatusTag({ status }: { status: SampleStatus }) {
  return (
    <Tag color={STATUS_COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid="sample-status">
      {SAMPLE_STATUS_LABELS[status]}
    </Tag>
  );
}

/** A QC sample is tagged; a normal one is not (most samples are normal: no tag to read past). */
export function QcKindTag({ kind, always = false }: { kind: SampleQcKind; always?: boolean }) {
  if (kind === 'normal' && !always) return null;
  return (
    <Tag color={kind === 'normal' ? undefined : 'magenta'} style={{ marginInlineEnd: 0 }}>
      {SAMPLE_QC_LABELS[kind]}
    </Tag>
  );
}

/** "Quá hạn lưu mẫu": held unanalysed past the shortest holding time of its parameters. */
export function OverdueTag({ sample }: { sample: { overdue: boolean; hold_until: string | null } }) {
  if (!sample.overdue) return null;
  return (
    <Tag
      color="red"
      style={{ marginInlineEnd: 0 }}
      title={sample.hold_until ? `Hạn ${formatDateTime(sample.hold_until)}` : undefined}
    >
      Quá hạn lưu mẫu
    </Tag>
  );
}

export const STATUS_OPTIONS = SAMPLE_STATUSES.map((s) => ({ value: s, label: SAMPLE_STATUS_LABELS[s] }));
export const QC_OPTIONS = SAMPLE_QC_KINDS.map((k) => ({ value: k, label: SAMPLE_QC_LABELS[k] }));

/** "Nhà máy A — NT1 Nước thải sau xử lý". */
export const placeOf = (s: { site: { name: string }; point: { code: string; name: string } }) =>
  `${s.site.name} — ${s.point.code} ${s.point.name}`;
