import { TEST_REPORT_STATE_LABELS, type TestReport } from '@qlcv/common/schemas/test-reports';
import { Tag } from 'antd';

/** The state of a version: a draft, signed, or signed and since replaced by a correction. */
export function TestReportStateTag({ report }: { report: Pick<TestReport, 'state' | 'replaced_by'> }) {
  if (report.replaced_by) return <Tag color="default">Đã thay thế</Tag>;
  return <Tag color={report.state === 'signed' ? 'success' : 'processing'}>{TEST_REPORT_STATE_LABELS[report.state]}</Tag>;
}

export const STATE_FILTER_OPTIONS = [
  { value: 'draft', label: TEST_REPORT_STATE_LABELS.draft },
  { value: 'signed', label: TEST_REPORT_STATE_LABELS.signed },
];

/** "v1", "v2": the version a correction issued. */
export const versionLabel = (n: number) => `Lần ${n}`;
