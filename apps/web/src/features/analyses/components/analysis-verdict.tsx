import { formatDateTime } from '@qlcv/common/format/date';
import { formatDecVi } from '@qlcv/common/lab-decimal';
import type { AnalysisDetail } from '@qlcv/common/schemas/analyses';
import { Alert, Card, Descriptions, Typography } from 'antd';
import { VerdictTag } from './analysis-tags';

const unitOf = (u: string) => (u === '-' ? '' : ` ${u}`);

/** The verdict sentence: how far a result passes its limit, or why none could be reached. */
function verdictDetail(a: AnalysisDetail): string | null {
  if (a.verdict === 'exceeded') {
    const parts: string[] = [];
    if (a.exceed_ratio) parts.push(`gấp ${formatDecVi(a.exceed_ratio)} lần giới hạn`);
    if (a.exceed_by) parts.push(`${a.limit?.max ? 'vượt' : 'thấp hơn'} ${formatDecVi(a.exceed_by)}${unitOf(a.unit)}`);
    return parts.join(', ') || null;
  }
  if (a.verdict === 'undetermined' || a.verdict === 'no_limit') return a.verdict_reason;
  return null;
}

/**
 * "So sánh với quy chuẩn": the limit a released result was judged against (a snapshot taken at release, decision
 * 40.14), its formula and the verdict. Before release it only says when the comparison happens.
 */
export function AnalysisVerdict({ analysis: a }: { analysis: AnalysisDetail }) {
  if (!a.verdict) {
    return (
      <Card title="So sánh với quy chuẩn" data-testid="analysis-verdict-card">
        <Typography.Text type="secondary">Kết quả được so sánh với quy chuẩn khi phát hành.</Typography.Text>
      </Card>
    );
  }
  const detail = verdictDetail(a);
  return (
    <Card title="So sánh với quy chuẩn" data-testid="analysis-verdict-card">
      {a.verdict === 'exceeded' && (
        <Alert type="error" showIcon title="Kết quả vượt quy chuẩn" description={detail} style={{ marginBottom: 16 }} />
      )}
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'verdict',
            label: 'Đánh giá',
            children: (
              <span style={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
                <VerdictTag analysis={a} />
                {a.verdict !== 'exceeded' && detail && <Typography.Text type="secondary">{detail}</Typography.Text>}
              </span>
            ),
          },
          {
            key: 'regulation',
            label: 'Quy chuẩn',
            children: a.limit ? `${a.limit.regulation.code}, cột ${a.limit.column}` : '—',
          },
          {
            key: 'limit',
            label: 'Giới hạn',
            children: a.limit ? (
              <span data-testid="analysis-limit">
                {a.limit.text}
                {unitOf(a.limit.unit)}
                {a.limit.averaging ? ` (${a.limit.averaging})` : ''}
              </span>
            ) : (
              '—'
            ),
          },
          {
            key: 'formula',
            label: 'Cách tính',
            children: a.limit?.formula ? <span data-testid="analysis-limit-formula">{a.limit.formula}</span> : '—',
          },
          { key: 'judged', label: 'Thời điểm so sánh', children: a.judged_at ? formatDateTime(a.judged_at) : '—' },
        ]}
      />
    </Card>
  );
}
