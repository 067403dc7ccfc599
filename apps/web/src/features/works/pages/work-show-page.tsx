import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import type { WorkDetail } from '@qlcv/common/schemas/works';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AttachmentRows } from '@/components/attachments/attachment-rows';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { Deadline, PriorityTag, WorkStatusTag } from '@/components/status-tags';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useWork } from '../api/works-api';
import { WorkActions } from '../components/work-actions';
import { WorkComments } from '../components/work-comments';
import { WORK_HISTORY } from '../components/work-history';
import { WorkProgress } from '../components/work-progress';

const dash = <Typography.Text type="secondary">—</Typography.Text>;
const REASON_TITLES: Record<string, string> = { on_hold: 'Lý do tạm dừng', cancelled: 'Lý do hủy' };

export default function WorkShowPage() {
  const id = Number(useParams().id);
  const work = useWork(id);
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<string | null>(null);
  const canHistory = useCan(['works.show']);

  if (work.isPending) return <LoadingCard rows={10} />;
  if (work.isError)
    return (
      <LoadError
        error={work.error}
        onRetry={() => work.refetch()}
        notFoundTitle="Không tìm thấy công việc"
        back={<Button onClick={() => navigate(urlFor('works.my_work'))}>Về công việc của tôi</Button>}
      />
    );
  const w = work.data;

  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>{w.title}</span>
            <WorkStatusTag status={w.status} />
          </Space>
        }
        subtitle={`Mã công việc ${w.code}`}
        extra={<WorkActions work={w} onConflict={setConflict} />}
      />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={work.isFetching}
          onReload={async () => {
            await work.refetch();
            setConflict(null);
          }}
        />
      )}
      {w.status_reason && REASON_TITLES[w.status] && (
        <Alert
          type={w.status === 'on_hold' ? 'warning' : 'error'}
          showIcon
          title={REASON_TITLES[w.status]}
          description={<span style={{ whiteSpace: 'pre-line' }}>{w.status_reason}</span>}
          style={{ marginBottom: 16 }}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {w.status === 'done' && (
              <Card title="Kết quả thực hiện" data-testid="work-result" styles={{ header: { background: '#f6ffed' } }}>
                <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>
                  {w.result_note ?? '—'}
                </Typography.Paragraph>
              </Card>
            )}
            <Card title="Thông tin công việc">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã công việc', children: w.code },
                  { key: 'priority', label: 'Mức ưu tiên', children: <PriorityTag priority={w.priority} /> },
                  { key: 'assignee', label: 'Người thực hiện', children: w.assignee?.name ?? <Tag>Chưa giao</Tag> },
                  { key: 'department', label: 'Phòng ban', children: w.department?.name ?? dash },
                  { key: 'start', label: 'Ngày bắt đầu', children: w.start_date ? formatDate(w.start_date) : dash },
                  { key: 'deadline', label: 'Hạn hoàn thành', children: <Deadline value={w.deadline} overdue={w.overdue} /> },
                  { key: 'creator', label: 'Người tạo', children: w.creator?.name ?? dash },
                  { key: 'created', label: 'Ngày tạo', children: formatDateTime(w.created_at) },
                  {
                    key: 'completed',
                    label: 'Ngày hoàn thành',
                    children: w.completed_at ? formatDateTime(w.completed_at) : dash,
                  },
                  {
                    key: 'participants',
                    label: 'Người theo dõi',
                    children: w.participants.length > 0 ? w.participants.map((p) => p.name).join(', ') : dash,
                  },
                  {
                    key: 'description',
                    label: 'Mô tả',
                    span: 'filled',
                    children: w.description ? <span style={{ whiteSpace: 'pre-line' }}>{w.description}</span> : dash,
                  },
                ]}
              />
            </Card>
            <Card title="Tiến độ">
              <WorkProgress key={`${w.id}-${w.progress}-${w.status}`} work={w} onConflict={setConflict} />
            </Card>
            <RequestCard work={w} />
            <Card title={`Tệp đính kèm (${w.attachments.length})`}>
              {w.attachments.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có tệp đính kèm" />
              ) : (
                <AttachmentRows documents={w.attachments.map((doc) => ({ doc }))} />
              )}
            </Card>
            <WorkComments workId={w.id} count={w.comments_count} />
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          {canHistory && <RecordHistory entity="works" id={w.id} {...WORK_HISTORY} />}
        </Col>
      </Row>
    </>
  );
}

/** The request this work belongs to, its step, and what the customer sent. */
function RequestCard({ work: w }: { work: WorkDetail }) {
  const canOpen = useCan(['requests.show', 'requests.edit']);
  if (!w.request) return null;
  const r = w.request;
  return (
    <Card title="Thuộc yêu cầu" data-testid="work-request">
      <Descriptions
        column={{ xs: 1, sm: 2 }}
        items={[
          {
            key: 'code',
            label: 'Yêu cầu',
            children: canOpen ? <Link to={urlFor('requests.show', { id: r.id })}>{r.code}</Link> : r.code,
          },
          { key: 'status', label: 'Trạng thái yêu cầu', children: REQUEST_STATUS_LABELS[r.status] ?? r.status },
          { key: 'title', label: 'Tiêu đề', span: 'filled', children: r.title },
          {
            key: 'step',
            label: 'Bước',
            children: w.step_index !== null ? `${w.step_index}. ${w.step_name ?? ''}` : 'Ngoài quy trình',
          },
          { key: 'customer', label: 'Khách hàng', children: r.customer?.name ?? dash },
          { key: 'due', label: 'Hạn xử lý yêu cầu', children: r.due_at ? formatDateTime(r.due_at) : dash },
          { key: 'priority', label: 'Mức ưu tiên', children: <PriorityTag priority={r.priority} /> },
        ]}
      />
      {r.attachments.length > 0 && (
        <>
          <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
            Tệp của yêu cầu
          </Typography.Text>
          <AttachmentRows label="Tệp của yêu cầu" documents={r.attachments.map((doc) => ({ doc }))} />
        </>
      )}
    </Card>
  );
}
