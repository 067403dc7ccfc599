import { formatDate, formatDateTime, vnDayIso as vnToday } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import { VERDICT_LABELS, type Verdict } from '@qlcv/common/regulation-limits';
import { ANALYSIS_STATE_LABELS, ANALYSIS_STATES, type AnalysisQc, type AnalysisState } from '@qlcv/common/schemas/analyses';
import { Space, Tag, Typography } from 'antd';

const STATE_COLORS: Record<AnalysisState, string> = {
  pending: 'default',
  assigned: 'blue',
  entered: 'gold',
  verified: 'cyan',
  released: 'green',
  returned: 'red',
};

export function AnalysisStateTag({ state }: { state: AnalysisState }) {
  return (
    <Tag color={STATE_COLORS[state]} style={{ marginInlineEnd: 0 }} data-testid="analysis-state">
      {ANALYSIS_STATE_LABELS[state]}
    </Tag>
  );
}

export const STATE_OPTIONS = ANALYSIS_STATES.map((s) => ({ value: s, label: ANALYSIS_STATE_LABELS[s] }));

/** "Quá hạn lưu mẫu": analysed after the parameter's holding time (marked, never refused — decision 40.11). */
export function LateTag({ analysis }: { analysis: { late_for_holding: boolean; hold_until: string | null } }) {
  if (!analysis.late_for_holding) return null;
  return (
    <Tag
      color="red"
      style={{ marginInlineEnd: 0 }}
      data-testid="analysis-late"
      title={analysis.hold_until ? `Hạn lưu mẫu ${formatDateTime(analysis.hold_until)}` : undefined}
    >
      Quá hạn lưu mẫu
    </Tag>
  );
}

/**
 * "Đã quá hạn lưu mẫu" on an open analysis whose holding time has passed before any result (the worksheet: analyse it
 * first); `late_for_holding` marks the entered result itself.
 */
export function HoldingPassedTag({ holdUntil, now = Date.now() }: { holdUntil: string | null; now?: number }) {
  if (!holdUntil || Date.parse(holdUntil) > now) return null;
  return (
    <Tag color="volcano" style={{ marginInlineEnd: 0 }} title={`Hạn lưu mẫu ${formatDateTime(holdUntil)}`}>
      Đã quá hạn lưu mẫu
    </Tag>
  );
}

/**
 * "Hạn trả kết quả": the day the result is due (receipt + the parameter's turnaround, decision 40.20), red once that
 * day has passed while the result is not released; "Không đặt hạn" without a target.
 */
export function DueOnText({
  analysis,
  inList = false,
  today = vnToday(),
}: {
  analysis: { due_on: string | null; state: AnalysisState };
  /** Under the state in a list row: small, "Hạn trả …", nothing without a target. */
  inList?: boolean;
  today?: string;
}) {
  if (!analysis.due_on)
    return inList ? null : (
      <Typography.Text type="secondary" data-testid="analysis-due-on">
        Không đặt hạn
      </Typography.Text>
    );
  const late = analysis.state !== 'released' && analysis.due_on < today;
  return (
    <Typography.Text
      type={late ? 'danger' : inList ? 'secondary' : undefined}
      strong={late}
      data-testid="analysis-due-on"
      data-late={late ? 'true' : undefined}
      title={late ? 'Đã quá hạn trả kết quả' : 'Hạn trả kết quả'}
      style={{ whiteSpace: 'nowrap', ...(inList ? { fontSize: 12 } : {}) }}
    >
      {inList ? 'Hạn trả ' : ''}
      {formatDate(analysis.due_on)}
      {late ? ' · quá hạn' : ''}
    </Typography.Text>
  );
}

/** The result the Vietnamese way: "< 0,050 mg/L"; null without a value. */
export function resultVi(a: { qualifier: string | null; value: string | null; unit: string }): string | null {
  if (a.value === null) return null;
  return `${a.qualifier ? `${a.qualifier} ` : ''}${formatDecVi(a.value)} ${a.unit === '-' ? '' : a.unit}`.trim();
}

/** The result, or a grey dash while none is entered. */
export function ResultText({ analysis }: { analysis: { qualifier: string | null; value: string | null; unit: string } }) {
  const text = resultVi(analysis);
  return text === null ? (
    <Typography.Text type="secondary">Chưa có kết quả</Typography.Text>
  ) : (
    <span data-testid="analysis-result" style={{ whiteSpace: 'nowrap' }}>
      {text}
    </span>
  );
}

/** The worksheet's QC flags of a row: a blank above the LOD, a duplicate pair's RPD (red beyond the allowed). */
export function QcFlags({ qc, allowedRpd }: { qc: AnalysisQc; allowedRpd?: string }) {
  if (!qc.blank_above_lod && !qc.pair) return null;
  return (
    <Space size={4} wrap data-testid="qc-flags">
      {qc.blank_above_lod && (
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          Mẫu trắng vượt LOD
        </Tag>
      )}
      {qc.pair && (
        <Tag
          color={qc.rpd_exceeded ? 'red' : 'default'}
          style={{ marginInlineEnd: 0 }}
          title={allowedRpd ? `Cho phép RPD ≤ ${formatDecVi(allowedRpd)} %` : undefined}
        >
          {`Lặp với ${qc.pair.sample_code}`}
          {qc.rpd !== null ? ` · RPD ${formatDecVi(qc.rpd)} %` : ''}
          {qc.rpd_exceeded ? ' (vượt)' : ''}
        </Tag>
      )}
    </Space>
  );
}

const VERDICT_COLORS: Record<Verdict, string> = {
  within: 'green',
  exceeded: 'red',
  no_limit: 'default',
  undetermined: 'orange',
};

/** The verdict of a released result against its limit ("Vượt · gấp 1,21 lần"); null before release. */
export function VerdictTag({
  analysis,
}: {
  analysis: { verdict: Verdict | null; exceed_ratio: string | null; verdict_reason?: string | null };
}) {
  if (!analysis.verdict) return null;
  const ratio =
    analysis.verdict === 'exceeded' && analysis.exceed_ratio ? ` · gấp ${formatDecVi(analysis.exceed_ratio)} lần` : '';
  return (
    <Tag
      color={VERDICT_COLORS[analysis.verdict]}
      style={{ marginInlineEnd: 0 }}
      data-testid="analysis-verdict"
      data-verdict={analysis.verdict}
      title={analysis.verdict_reason ?? undefined}
    >
      {VERDICT_LABELS[analysis.verdict]}
      {ratio}
    </Tag>
  );
}
