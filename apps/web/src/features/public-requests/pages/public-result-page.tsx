import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { formatFileSize } from '@qlcv/common/format/file-size';
import { type PublicLookupResult, type PublicTimelineEntry, publicLookupBody } from '@qlcv/common/schemas/public-requests';
import { Alert, Button, Card, Col, Descriptions, Empty, Form, Input, List, Row, Space, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '@/lib/api/api-error';
import { textLimit } from '@/lib/forms';
import { MOBILE_LABEL, MOBILE_PLACEHOLDER, PHONE_INPUT } from '@/lib/phone-fields';
import { urlFor } from '@/lib/routes';
import { useLookupPublicRequest } from '../api/public-requests-api';

interface Values {
  tracking_code: string;
  mobile: string;
}

const STATUS_COLORS: Record<string, string> = {
  new: 'blue',
  received: 'cyan',
  in_progress: 'processing',
  on_hold: 'warning',
  completed: 'success',
  rejected: 'error',
  cancelled: 'default',
};

// Seed §9: date-times DD/MM/YYYY HH:mm, file sizes at 1024.
const when = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
const sizeOf = (bytes: number) => formatFileSize(bytes, 1);

/** /yeu-cau/ket-qua: tracking code + mobile → status, public timeline, result and its documents. */
export default function PublicResultPage() {
  const [params] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const lookup = useLookupPublicRequest();
  const [result, setResult] = useState<PublicLookupResult | null>(null);
  const [miss, setMiss] = useState<ApiError | null>(null);

  const onFinish = async (values: Values) => {
    setMiss(null);
    setResult(null);
    try {
      setResult(await lookup.mutateAsync({ tracking_code: values.tracking_code.trim(), mobile: values.mobile.trim() }));
    } catch (err) {
      setMiss(err instanceof ApiError ? err : new ApiError('Đã xảy ra sự cố.', 400, null, []));
    }
  };

  return (
    <>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Xem kết quả yêu cầu
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Nhập mã tra cứu nhận được khi gửi yêu cầu và số điện thoại đã dùng để gửi.
        </Typography.Paragraph>
        <Form<Values>
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ tracking_code: params.get('ma') ?? '', mobile: '' }}
          disabled={lookup.isPending}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="tracking_code"
                label="Mã tra cứu"
                rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập mã tra cứu' }]}
              >
                <Input
                  {...textLimit(publicLookupBody.shape.tracking_code)}
                  placeholder="YC2611-0007-K3M9QX2A"
                  autoComplete="off"
                  style={{ fontFamily: 'monospace', textTransform: 'uppercase' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="mobile"
                label={MOBILE_LABEL}
                rules={[{ required: true, whitespace: true, message: 'Vui lòng nhập số điện thoại' }]}
              >
                <Input {...PHONE_INPUT} autoComplete="tel" placeholder={MOBILE_PLACEHOLDER} />
              </Form.Item>
            </Col>
          </Row>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={lookup.isPending}>
            {lookup.isPending ? 'Đang tra cứu…' : 'Tra cứu'}
          </Button>
        </Form>
      </Card>

      {miss && <MissView error={miss} />}
      {result && <ResultView result={result} />}
    </>
  );
}

function MissView({ error }: { error: ApiError }) {
  if (error.status === 429) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginTop: 16 }}
        title="Bạn đã tra cứu quá nhiều lần"
        description={error.message}
        data-testid="lookup-rate-limited"
      />
    );
  }
  if (error.status === 404) {
    return (
      <Alert
        type="error"
        showIcon
        style={{ marginTop: 16 }}
        title={error.message}
        description="Vui lòng kiểm tra lại mã tra cứu (gồm cả phần chữ ở cuối) và số điện thoại đã dùng khi gửi yêu cầu."
        data-testid="lookup-not-found"
      />
    );
  }
  return <Alert type="error" showIcon style={{ marginTop: 16 }} title="Chưa tra cứu được" description={error.message} />;
}

function timelineColor(e: PublicTimelineEntry): string {
  if (e.key === 'rejected') return 'red';
  if (e.key === 'cancelled') return 'gray';
  return e.done ? 'green' : 'gray';
}

function ResultView({ result }: { result: PublicLookupResult }) {
  return (
    <Card style={{ marginTop: 16 }} data-testid="lookup-result">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {result.title}
        </Typography.Title>
        <Tag color={STATUS_COLORS[result.status] ?? 'default'} data-testid="lookup-status">
          {result.status_label}
        </Tag>
      </div>
      <Row gutter={24}>
        <Col xs={24} md={14}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Mã tra cứu">
              <Typography.Text style={{ fontFamily: 'monospace' }}>{result.code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Loại yêu cầu">{result.request_type ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Người gửi">{result.requester_name}</Descriptions.Item>
            <Descriptions.Item label={MOBILE_LABEL}>{result.mobile}</Descriptions.Item>
            <Descriptions.Item label="Ngày gửi">{when(result.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Ngày tiếp nhận">{when(result.received_at)}</Descriptions.Item>
            <Descriptions.Item label="Ngày hoàn thành">{when(result.completed_at)}</Descriptions.Item>
          </Descriptions>
        </Col>
        <Col xs={24} md={10}>
          <Typography.Title level={5}>Tiến trình xử lý</Typography.Title>
          <Timeline
            items={result.timeline.map((e) => ({
              color: timelineColor(e),
              content: (
                <>
                  <Typography.Text strong={e.done} type={e.done ? undefined : 'secondary'}>
                    {e.label}
                  </Typography.Text>
                  <div>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {e.done ? when(e.at) : 'Chưa thực hiện'}
                    </Typography.Text>
                  </div>
                  {e.note && <div>Lý do: {e.note}</div>}
                </>
              ),
            }))}
          />
        </Col>
      </Row>

      {result.status === 'completed' && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Kết quả xử lý
          </Typography.Title>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="lookup-result-text">
            {result.result_text || 'Yêu cầu đã hoàn thành.'}
          </Typography.Paragraph>
          <Typography.Title level={5}>Tài liệu kết quả</Typography.Title>
          {result.result_documents.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Không có tài liệu kèm theo" />
          ) : (
            <>
              <List
                size="small"
                bordered
                dataSource={result.result_documents}
                renderItem={(d) => (
                  <List.Item
                    actions={[
                      <a key="download" href={d.url} download={d.name} rel="noopener">
                        <DownloadOutlined /> Tải xuống
                      </a>,
                    ]}
                  >
                    <List.Item.Meta title={d.name} description={sizeOf(d.size)} />
                  </List.Item>
                )}
              />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                Liên kết tải có hiệu lực 10 phút. Khi hết hạn, vui lòng tra cứu lại để nhận liên kết mới.
              </Typography.Text>
            </>
          )}
        </>
      )}
      <TestReports reports={result.test_reports} />
      <div style={{ marginTop: 16 }}>
        <Link to={urlFor('public.requests.index')}>Gửi yêu cầu khác</Link>
      </div>
    </Card>
  );
}

/** The customer's signed test reports in force: each opens its check page and downloads its original .docx. */
function TestReports({ reports }: { reports: PublicLookupResult['test_reports'] }) {
  if (reports.length === 0) return null;
  return (
    <section data-testid="lookup-test-reports" style={{ marginTop: 16 }}>
      <Typography.Title level={5}>Phiếu kết quả thử nghiệm của khách hàng</Typography.Title>
      <List
        size="small"
        bordered
        dataSource={reports}
        renderItem={(r) => (
          // Links under the text, not beside it: a phone's width keeps the number on one line.
          <List.Item>
            <List.Item.Meta
              title={`Phiếu ${r.number} · lần ${r.report_version}`}
              description={
                <>
                  <div>{`Chuyến lấy mẫu ${r.trip_code} · ban hành ${formatDate(r.issued_at)}`}</div>
                  <Space wrap size={16} style={{ marginTop: 4 }}>
                    <Link to={urlFor('public.test_reports.check', { code: r.verify_code })}>Kiểm tra</Link>
                    <a href={`/api/public/test-reports/${r.verify_code}/document`} download rel="noopener">
                      <DownloadOutlined /> Tải phiếu (.docx)
                    </a>
                  </Space>
                </>
              }
            />
          </List.Item>
        )}
      />
    </section>
  );
}
