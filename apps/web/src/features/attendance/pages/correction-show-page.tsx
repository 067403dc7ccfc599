import { HistoryOutlined } from '@ant-design/icons';
import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { urlFor } from '@/lib/routes';
import { useCorrection } from '../api/attendance-api';
import { CorrectionStatusTag } from '../components/attendance-labels';
import { CorrectionActions } from '../components/correction-actions';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

const ACTIONS: Record<string, { label: string; color: string }> = {
  created: { label: 'Gửi giải trình', color: 'blue' },
  approved: { label: 'Duyệt', color: 'green' },
  rejected: { label: 'Từ chối', color: 'red' },
  cancelled: { label: 'Hủy', color: 'gray' },
};

/** One giải trình: what was asked, its status, approve / reject / cancel, and its history. */
export default function CorrectionShowPage() {
  const id = Number(useParams().id);
  const correction = useCorrection(id);
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<string | null>(null);

  if (correction.isPending) return <LoadingCard rows={8} />;
  if (correction.isError)
    return (
      <LoadError
        error={correction.error}
        onRetry={() => correction.refetch()}
        notFoundTitle="Không tìm thấy giải trình"
        back={<Button onClick={() => navigate(urlFor('attendance.corrections.index'))}>Về danh sách giải trình</Button>}
      />
    );
  const c = correction.data;
  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Giải trình ngày {formatDate(c.date)}</span>
            <CorrectionStatusTag status={c.status} />
          </Space>
        }
        subtitle={c.user.name}
        extra={<CorrectionActions correction={c} onConflict={setConflict} />}
      />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={correction.isFetching}
          onReload={async () => {
            await correction.refetch();
            setConflict(null);
          }}
        />
      )}
      {c.status === 'pending' && c.approver && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`Đang chờ ${c.approver.name} duyệt.`} />
      )}
      {c.decision_note && c.status !== 'pending' && (
        <Alert
          type={c.status === 'approved' ? 'success' : c.status === 'rejected' ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={c.status === 'approved' ? 'Ghi chú khi duyệt' : c.status === 'rejected' ? 'Lý do từ chối' : 'Ghi chú'}
          description={<span style={{ whiteSpace: 'pre-line' }}>{c.decision_note}</span>}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title="Thông tin giải trình">
            <Descriptions
              column={{ xs: 1, sm: 2 }}
              items={[
                { key: 'user', label: 'Nhân viên', children: `${c.user.name}${c.user.code ? ` (${c.user.code})` : ''}` },
                { key: 'date', label: 'Ngày', children: formatDate(c.date) },
                { key: 'in', label: 'Giờ vào', children: c.check_in ?? dash },
                { key: 'out', label: 'Giờ ra', children: c.check_out ?? dash },
                { key: 'status', label: 'Trạng thái', children: <CorrectionStatusTag status={c.status} /> },
                { key: 'created', label: 'Gửi lúc', children: formatDateTime(c.created_at) },
                {
                  key: 'reason',
                  label: 'Lý do',
                  span: 'filled',
                  children: <span style={{ whiteSpace: 'pre-line' }}>{c.reason}</span>,
                },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card
            size="small"
            title={
              <span>
                <HistoryOutlined style={{ marginInlineEnd: 8 }} />
                Lịch sử
              </span>
            }
          >
            {c.history.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có lịch sử" />
            ) : (
              <Timeline
                style={{ marginTop: 8 }}
                items={c.history.map((h, i) => ({
                  key: i,
                  color: ACTIONS[h.action]?.color ?? 'gray',
                  content: (
                    <div data-testid="history-item">
                      <Typography.Text strong>{ACTIONS[h.action]?.label ?? h.action}</Typography.Text>
                      <Typography.Text type="secondary"> · {h.user?.name ?? 'Hệ thống'}</Typography.Text>
                      <div style={{ fontSize: 12, color: '#595959' }}>{formatDateTime(h.at)}</div>
                      {h.note && <div style={{ whiteSpace: 'pre-line' }}>{h.note}</div>}
                    </div>
                  ),
                }))}
              />
            )}
          </Card>
        </Col>
      </Row>
    </>
  );
}
