import { formatDateTime } from '@qlcv/common/format/date';
import { type TestReport, testReportRoundLabel } from '@qlcv/common/schemas/test-reports';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { LoadError, LoadingCard } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useTestReport, useTestReportVersions } from '../api/test-reports-api';
import { ReportActions } from '../components/report-actions';
import { ReportResults } from '../components/report-results';
import { TestReportStateTag, versionLabel } from '../components/test-report-tags';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const TRIP_READERS = ['sampling.index', 'sampling.department', 'sampling.all'];
const reportLink = (r: Pick<TestReport, 'id' | 'number' | 'report_version'>) => (
  <Link to={urlFor('monitoring.test_reports.show', { id: r.id })}>
    {r.number} lần {r.report_version}
  </Link>
);

/** A test report's version: its header, who signed it, how it is checked, its versions, its results and actions. */
export default function TestReportShowPage() {
  const id = Number(useParams().id);
  const report = useTestReport(id);
  const versions = useTestReportVersions(id);
  const navigate = useNavigate();
  const canTrip = useCan(TRIP_READERS);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (report.isPending) return <LoadingCard rows={10} />;
  if (report.isError)
    return (
      <LoadError
        error={report.error}
        onRetry={() => report.refetch()}
        notFoundTitle="Không tìm thấy phiếu kết quả thử nghiệm"
        back={<Button onClick={() => navigate(urlFor('monitoring.test_reports.index'))}>Về danh sách phiếu</Button>}
      />
    );
  const r = report.data;
  const all = versions.data ?? [];
  const previous = all.find((v) => v.report_version === r.report_version - 1);
  const next = r.replaced_by ? all.find((v) => v.id === r.replaced_by) : undefined;
  const checkPath = r.verify_code ? urlFor('public.test_reports.check', { code: r.verify_code }) : null;
  const refresh = () => {
    report.refetch();
    versions.refetch();
  };

  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Phiếu {r.number}</span>
            <Tag>{versionLabel(r.report_version)}</Tag>
            <TestReportStateTag report={r} />
          </Space>
        }
        subtitle={`${r.customer.name} — chuyến ${r.trip.code}${r.round ? ` — Đợt: ${testReportRoundLabel(r.round)}` : ''}`}
        extra={<ReportActions report={r} onRefused={setRefusal} onStale={refresh} />}
      />
      {refusal && (
        <Alert
          type="error"
          showIcon
          role="alert"
          closable
          onClose={() => setRefusal(null)}
          data-testid="report-refusal"
          title="Không thực hiện được"
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      )}
      {r.replaced_by && (
        <Alert
          type="warning"
          showIcon
          data-testid="report-replaced"
          title={
            <span>
              Đã được thay thế bởi {next ? reportLink(next) : `phiếu lần ${r.report_version + 1}`}
              {r.replaced_at ? ` ngày ${formatDateTime(r.replaced_at)}` : ''}
            </span>
          }
          description="Phiếu này không còn hiệu lực; khách hàng và cơ quan quản lý dùng phiếu thay thế."
          style={{ marginBottom: 16 }}
        />
      )}
      {r.correction_reason && (
        <Alert
          type="info"
          showIcon
          data-testid="report-correction"
          title={<span>Thay thế phiếu {previous ? reportLink(previous) : `${r.number} lần ${r.report_version - 1}`}</span>}
          description={`Lý do sửa đổi: ${r.correction_reason}`}
          style={{ marginBottom: 16 }}
        />
      )}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card title="Thông tin phiếu">
          <Descriptions
            column={{ xs: 1, sm: 1, md: 2 }}
            items={[
              { key: 'customer', label: 'Khách hàng', children: r.customer.name },
              {
                key: 'trip',
                label: 'Chuyến lấy mẫu',
                children: canTrip ? (
                  <Link to={urlFor('monitoring.trips.show', { id: r.trip.id })}>{r.trip.code}</Link>
                ) : (
                  r.trip.code
                ),
              },
              {
                key: 'round',
                label: 'Đợt quan trắc',
                children: r.round ? (
                  <span data-testid="report-round">{testReportRoundLabel(r.round)}</span>
                ) : (
                  <Typography.Text type="secondary">Mọi đợt của chuyến cho khách hàng này</Typography.Text>
                ),
              },
              {
                key: 'signed_by',
                label: 'Người ký',
                children: r.signed_by?.name ?? <Typography.Text type="secondary">Chưa ký</Typography.Text>,
              },
              { key: 'signed_at', label: 'Ngày ký', children: r.signed_at ? formatDateTime(r.signed_at) : dash },
              {
                key: 'code',
                label: 'Mã xác thực',
                children: r.verify_code ? (
                  <Typography.Text code copyable data-testid="report-verify-code">
                    {r.verify_code}
                  </Typography.Text>
                ) : (
                  <Typography.Text type="secondary">Có khi ký phát hành</Typography.Text>
                ),
              },
              {
                key: 'check',
                label: 'Trang kiểm tra',
                children: checkPath ? (
                  <Link to={checkPath} target="_blank" data-testid="report-check-link">
                    {checkPath}
                  </Link>
                ) : (
                  dash
                ),
              },
              {
                key: 'sha',
                label: 'SHA-256 của tệp',
                children: r.file_sha256 ? (
                  <Typography.Text code style={{ wordBreak: 'break-all' }}>
                    {r.file_sha256}
                  </Typography.Text>
                ) : (
                  dash
                ),
              },
              { key: 'created', label: 'Ngày lập', children: formatDateTime(r.created_at) },
              {
                key: 'qc',
                label: 'Nhận xét kiểm soát chất lượng',
                span: 'filled',
                children: r.qc_statement ? <span data-testid="report-qc">{r.qc_statement}</span> : dash,
              },
              { key: 'note', label: 'Ghi chú', span: 'filled', children: r.note ?? dash },
            ]}
          />
        </Card>
        <Card title={`Kết quả thử nghiệm (${r.rows.length})`}>
          <ReportResults rows={r.rows} />
        </Card>
        {all.length > 1 && (
          <Card title="Các lần ban hành">
            <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="report-versions">
              {all.map((v) => (
                <li key={v.id}>
                  {v.id === r.id ? (
                    <strong>
                      {v.number} lần {v.report_version}
                    </strong>
                  ) : (
                    reportLink(v)
                  )}{' '}
                  <TestReportStateTag report={v} />
                  {v.signed_at ? ` ký ${formatDateTime(v.signed_at)}` : ''}
                </li>
              ))}
            </ul>
          </Card>
        )}
      </Space>
    </>
  );
}
