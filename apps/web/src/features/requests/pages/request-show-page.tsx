import { FileProtectOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { formatDateTime } from '@qlcv/common/format/date';
import { REQUEST_SOURCE_LABELS } from '@qlcv/common/labels';
import type { RequestDetail, RequestWork } from '@qlcv/common/schemas/requests';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Steps, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AttachmentRows } from '@/components/attachments/attachment-rows';
import { NamedProgress } from '@/components/named-progress';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { RelatedContracts } from '@/components/related-contracts';
import { PriorityTag, WorkStatusTag } from '@/components/status-tags';
import { useCan } from '@/lib/permissions/can';
import { MOBILE_LABEL } from '@/lib/phone-fields';
import { urlFor } from '@/lib/routes';
import { useRequest } from '../api/requests-api';
import { RequestActions } from '../components/request-actions';
import { RequestHistory } from '../components/request-history';
import { DueDate, RequestStatusTag } from '../components/request-tags';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const REASON_TITLES: Record<string, string> = {
  on_hold: 'Lý do tạm dừng',
  rejected: 'Lý do từ chối',
  cancelled: 'Lý do hủy',
};

export default function RequestShowPage() {
  const id = Number(useParams().id);
  const request = useRequest(id);
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<string | null>(null);
  const canContract = useCan(['contracts.create']);

  if (request.isPending) return <LoadingCard rows={10} />;
  if (request.isError)
    return (
      <LoadError
        error={request.error}
        onRetry={() => request.refetch()}
        notFoundTitle="Không tìm thấy yêu cầu"
        back={<Button onClick={() => navigate(urlFor('requests.index'))}>Về danh sách yêu cầu</Button>}
      />
    );
  const r = request.data;

  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Yêu cầu {r.code}</span>
            <RequestStatusTag status={r.status} />
            <PriorityTag priority={r.priority} />
          </Space>
        }
        subtitle={r.title}
        extra={
          <>
            <RequestActions request={r} onConflict={setConflict} />
            {canContract && r.customer && (
              <Button icon={<FileProtectOutlined />} onClick={() => navigate(`${urlFor('contracts.create')}?request_id=${r.id}`)}>
                Tạo hợp đồng
              </Button>
            )}
          </>
        }
      />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={request.isFetching}
          onReload={async () => {
            await request.refetch();
            setConflict(null);
          }}
        />
      )}
      {r.status_reason && REASON_TITLES[r.status] && (
        <Alert
          type={r.status === 'on_hold' ? 'warning' : 'error'}
          showIcon
          title={REASON_TITLES[r.status]}
          description={<span style={{ whiteSpace: 'pre-line' }}>{r.status_reason}</span>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {r.status === 'completed' && <ResultCard request={r} />}
            <Card title="Thông tin yêu cầu">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã yêu cầu', children: r.code },
                  {
                    key: 'tracking',
                    label: 'Mã tra cứu',
                    children: <Typography.Text copyable>{r.tracking_code}</Typography.Text>,
                  },
                  { key: 'type', label: 'Loại yêu cầu', children: r.request_type?.name ?? dash },
                  { key: 'source', label: 'Nguồn', children: REQUEST_SOURCE_LABELS[r.source] ?? r.source },
                  { key: 'status', label: 'Trạng thái', children: <RequestStatusTag status={r.status} /> },
                  { key: 'priority', label: 'Mức ưu tiên', children: <PriorityTag priority={r.priority} /> },
                  { key: 'due', label: 'Hạn xử lý', children: <DueDate value={r.due_at} overdue={r.overdue} /> },
                  { key: 'created', label: 'Ngày tạo', children: formatDateTime(r.created_at) },
                  { key: 'received', label: 'Ngày tiếp nhận', children: r.received_at ? formatDateTime(r.received_at) : dash },
                  {
                    key: 'completed',
                    label: 'Ngày hoàn thành',
                    children: r.completed_at ? formatDateTime(r.completed_at) : dash,
                  },
                  {
                    key: 'content',
                    label: 'Nội dung',
                    span: 'filled',
                    children: r.content ? <span style={{ whiteSpace: 'pre-line' }}>{r.content}</span> : dash,
                  },
                ]}
              />
            </Card>
            <Card title="Khách hàng và người yêu cầu">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  {
                    key: 'customer',
                    label: 'Khách hàng',
                    span: 'filled',
                    children: r.customer ? (
                      <Link to={urlFor('customers.show', { id: r.customer.id })}>
                        {r.customer.name} ({r.customer.code})
                      </Link>
                    ) : (
                      dash
                    ),
                  },
                  { key: 'name', label: 'Người yêu cầu', children: r.requester_name },
                  {
                    key: 'phone',
                    label: MOBILE_LABEL,
                    children: (
                      <a href={`tel:${r.requester_phone}`}>
                        <PhoneOutlined /> {r.requester_phone}
                      </a>
                    ),
                  },
                  {
                    key: 'email',
                    label: 'Email',
                    children: r.requester_email ? (
                      <a href={`mailto:${r.requester_email}`}>
                        <MailOutlined /> {r.requester_email}
                      </a>
                    ) : (
                      dash
                    ),
                  },
                  { key: 'org', label: 'Đơn vị', children: r.requester_organization ?? dash },
                  { key: 'address', label: 'Địa chỉ', span: 'filled', children: r.requester_address ?? dash },
                ]}
              />
            </Card>
            <ProcessCard request={r} />
            <WorksCard works={r.works} />
            <RelatedContracts of={{ request_id: r.id }} hideEmpty />
            <Card title={`Tệp đính kèm (${r.attachments.length})`}>
              {r.attachments.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có tệp đính kèm" />
              ) : (
                <AttachmentRows documents={r.attachments.map((doc) => ({ doc }))} />
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <RequestHistory timeline={r.timeline} />
        </Col>
      </Row>
    </>
  );
}

function ResultCard({ request: r }: { request: RequestDetail }) {
  return (
    <Card title="Kết quả xử lý" data-testid="request-result" styles={{ header: { background: '#f6ffed' } }}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{r.result_text ?? '—'}</Typography.Paragraph>
      {r.result_documents.length > 0 ? (
        <AttachmentRows label="Tài liệu kết quả" documents={r.result_documents.map((doc) => ({ doc }))} />
      ) : (
        <Typography.Text type="secondary">Không có tài liệu kết quả.</Typography.Text>
      )}
    </Card>
  );
}

/** The process as the request runs it: the snapshot's steps, the current one highlighted. */
function ProcessCard({ request: r }: { request: RequestDetail }) {
  if (!r.process || r.steps.length === 0)
    return (
      <Card title="Quy trình xử lý">
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            r.status === 'new' ? 'Quy trình được áp dụng khi yêu cầu được tiếp nhận' : 'Yêu cầu không chạy theo quy trình'
          }
        />
      </Card>
    );
  const closed = ['completed', 'rejected', 'cancelled'].includes(r.status);
  const current = (r.current_step ?? 1) - 1;
  const stepStatus = (i: number): 'finish' | 'process' | 'wait' | 'error' => {
    if (r.status === 'completed') return 'finish';
    if (i < current) return 'finish';
    if (i === current) return closed ? 'error' : 'process';
    return 'wait';
  };
  return (
    <Card
      title="Quy trình xử lý"
      extra={
        <Typography.Text type="secondary">
          {r.process.name} ({r.process.code}, phiên bản {r.process.version})
        </Typography.Text>
      }
      data-testid="request-steps"
    >
      {r.current_step_detail && !closed && (
        <Typography.Paragraph>
          Bước hiện tại:{' '}
          <Typography.Text strong>{`${r.current_step_detail.position}. ${r.current_step_detail.name}`}</Typography.Text>
          {r.current_step_detail.department && ` — ${r.current_step_detail.department.name}`}
        </Typography.Paragraph>
      )}
      <Steps
        orientation="vertical"
        size="small"
        current={r.status === 'completed' ? r.steps.length : current}
        items={r.steps.map((s, i) => ({
          key: s.id,
          title: s.name,
          status: stepStatus(i),
          content: (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[s.department?.name, `${s.duration_hours} giờ`, s.produces_result ? 'trả kết quả' : null]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Text>
          ),
        }))}
      />
    </Card>
  );
}

function WorksCard({ works }: { works: RequestWork[] }) {
  return (
    <Card title={`Công việc (${works.length})`} data-testid="request-works">
      {works.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có công việc nào" />
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Công việc của yêu cầu">
          {works.map((w) => (
            <li
              key={w.id}
              data-testid="request-work"
              style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px', padding: '10px 0', borderBottom: '1px solid #f0f0f0' }}
            >
              <span style={{ flex: '1 1 260px', minWidth: 0, display: 'flex', flexDirection: 'column', lineHeight: 1.4 }}>
                <Link to={urlFor('works.show', { id: w.id })}>{w.title}</Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[
                    w.code,
                    w.step_index !== null ? `Bước ${w.step_index}` : 'Ngoài quy trình',
                    w.assignee?.name ?? 'Chưa giao',
                    w.department?.name,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </span>
              <span style={{ display: 'flex', flexDirection: 'column', gap: 4, alignItems: 'flex-start', flex: '0 0 200px' }}>
                <Space size={4} wrap>
                  <WorkStatusTag status={w.status} />
                </Space>
                <NamedProgress
                  label={`Tiến độ ${w.title}`}
                  percent={w.progress}
                  size="small"
                  style={{ width: 180, margin: 0 }}
                  status={w.status === 'cancelled' ? 'exception' : undefined}
                />
                <DueDate value={w.deadline} overdue={w.overdue} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
