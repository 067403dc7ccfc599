import { CheckCircleFilled, DownloadOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { Alert, Button, Card, Descriptions, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router';
import { useVerifyTestReport } from '@/features/test-reports/api/test-reports-api';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';

/**
 * /kiem-tra-phieu/:code: a province officer checks a paper test report by the code printed on it (its QR) — number,
 * version, customer, sampling dates, issue date, the file's SHA-256, and whether a correction replaced it. No sign-in.
 */
export default function PublicTestReportPage() {
  const code = (useParams().code ?? '').trim().toUpperCase();
  const check = useVerifyTestReport(code);

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Kiểm tra phiếu kết quả thử nghiệm
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        Mã xác thực:{' '}
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {code}
        </Typography.Text>
      </Typography.Paragraph>
      {check.isPending ? (
        <div role="status" aria-busy="true" aria-label="Đang kiểm tra phiếu">
          <Skeleton active paragraph={{ rows: 5 }} />
        </div>
      ) : check.isError ? (
        <Failure error={check.error} />
      ) : (
        <Verified v={check.data} code={code} />
      )}
    </Card>
  );
}

function Failure({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404)
    return (
      <Alert
        type="error"
        showIcon
        role="alert"
        data-testid="report-check-not-found"
        title="Không tìm thấy phiếu với mã này"
        description="Hãy kiểm tra lại mã in trên phiếu. Phiếu không có trong hệ thống có thể không phải do công ty phát hành."
      />
    );
  if (status === 429)
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="report-check-rate-limited"
        title="Bạn đã kiểm tra quá nhiều lần"
        description={(error as ApiError).message}
      />
    );
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      data-testid="report-check-error"
      title="Không kiểm tra được phiếu"
      description={error instanceof ApiError ? error.message : DEFAULT_ERROR_MESSAGE}
    />
  );
}

function Verified({ v, code }: { v: NonNullable<ReturnType<typeof useVerifyTestReport>['data']>; code: string }) {
  return (
    <>
      {v.replaced ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="report-check-replaced"
          title={
            v.replaced_by
              ? `Phiếu này đã được thay thế bởi phiếu ${v.replaced_by.number} lần ${v.replaced_by.report_version}`
              : 'Phiếu này đã được thay thế'
          }
          description="Phiếu không còn hiệu lực; hãy đề nghị khách hàng xuất trình phiếu thay thế."
          style={{ marginBottom: 16 }}
        />
      ) : (
        <Alert
          type="success"
          showIcon
          icon={<CheckCircleFilled />}
          data-testid="report-check-valid"
          title="Phiếu hợp lệ, đang có hiệu lực"
          description="Phiếu do công ty ký phát hành; đối chiếu các thông tin dưới đây với bản giấy."
          style={{ marginBottom: 16 }}
        />
      )}
      <Descriptions
        column={1}
        bordered
        size="small"
        data-testid="report-check-details"
        items={[
          { key: 'number', label: 'Số phiếu', children: v.number },
          { key: 'version', label: 'Lần ban hành', children: `Lần ${v.report_version}` },
          { key: 'customer', label: 'Khách hàng', children: v.customer_name },
          {
            key: 'dates',
            label: 'Ngày lấy mẫu',
            children: v.sampling_dates.length ? v.sampling_dates.map((d) => formatDate(d)).join(', ') : '—',
          },
          { key: 'issued', label: 'Ngày ban hành', children: formatDate(v.issued_at) },
          {
            key: 'sha',
            label: 'SHA-256 của tệp',
            children: v.file_sha256 ? (
              <Typography.Text code style={{ wordBreak: 'break-all' }}>
                {v.file_sha256}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">Chưa có tệp phiếu</Typography.Text>
            ),
          },
        ]}
      />
      {v.file_sha256 && (
        <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
          <Button icon={<DownloadOutlined />} href={`/api/public/test-reports/${code}/document`} download>
            Tải bản gốc (.docx)
          </Button>{' '}
          <Typography.Text type="secondary">Mã SHA-256 của tệp tải về phải trùng với mã ở trên.</Typography.Text>
        </Typography.Paragraph>
      )}
    </>
  );
}
