import { formatDateTime } from '@qlcv/common/format/date';
import { LEAVE_HALF_LABELS } from '@qlcv/common/schemas/leaves';
import { Alert, Button, Card, Col, Descriptions, Empty, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AttachmentRows } from '@/components/attachments/attachment-rows';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { useAuthUser } from '@/lib/auth/auth-store';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useLeave, useLeaveBalance } from '../api/leaves-api';
import { BalanceView } from '../components/balance-card';
import { LeaveActions, useSubstituteFor } from '../components/leave-actions';
import { LEAVE_HISTORY } from '../components/leave-history';
import { formatDays, LeaveStatusTag, LeaveTypeTag, leaveDay } from '../components/leave-tags';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export default function LeaveShowPage() {
  const id = Number(useParams().id);
  const leave = useLeave(id);
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<string | null>(null);

  if (leave.isPending) return <LoadingCard rows={10} />;
  if (leave.isError)
    return (
      <LoadError
        error={leave.error}
        onRetry={() => leave.refetch()}
        notFoundTitle="Không tìm thấy đơn nghỉ"
        back={<Button onClick={() => navigate(urlFor('leaves.index'))}>Về danh sách đơn nghỉ</Button>}
      />
    );
  return (
    <LeaveDetailView
      leave={leave.data}
      conflict={conflict}
      setConflict={setConflict}
      reloading={leave.isFetching}
      reload={() => leave.refetch()}
    />
  );
}

function LeaveDetailView({
  leave: l,
  conflict,
  setConflict,
  reloading,
  reload,
}: {
  leave: NonNullable<ReturnType<typeof useLeave>['data']>;
  conflict: string | null;
  setConflict: (m: string | null) => void;
  reloading: boolean;
  reload: () => Promise<unknown>;
}) {
  const substituteFor = useSubstituteFor(l);
  const mine = useAuthUser()?.id === l.user_id;
  const canHistory = useCan(['leaves.index']);
  const year = Number(l.start_date.slice(0, 4));
  const byOther = l.created_by_user && l.created_by_user.id !== l.user_id;
  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Đơn nghỉ {l.code}</span>
            <LeaveStatusTag status={l.status} />
          </Space>
        }
        subtitle={`${l.user.name} · ${l.type.name} · ${formatDays(l.days)}`}
        extra={<LeaveActions leave={l} onConflict={setConflict} />}
      />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={reloading}
          onReload={async () => {
            await reload();
            setConflict(null);
          }}
        />
      )}
      {mine && l.status === 'pending' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={
            l.approver
              ? `Đơn đang chờ ${l.approver.name} duyệt${l.substitutes.length > 0 ? ` (hoặc người duyệt thay: ${l.substitutes.map((s) => s.name).join(', ')})` : ''}.`
              : 'Đơn đang chờ bộ phận nhân sự duyệt.'
          }
        />
      )}
      {substituteFor && l.status === 'pending' && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={`Bạn là người duyệt thay cho ${substituteFor} trong thời gian này.`}
        />
      )}
      {l.decision_note && l.status !== 'pending' && (
        <Alert
          type={l.status === 'approved' ? 'success' : l.status === 'rejected' ? 'error' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={l.status === 'approved' ? 'Ghi chú khi duyệt' : l.status === 'rejected' ? 'Lý do từ chối' : 'Lý do hủy'}
          description={<span style={{ whiteSpace: 'pre-line' }}>{l.decision_note}</span>}
        />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Thông tin đơn nghỉ">
              <Descriptions
                column={{ xs: 1, sm: 2 }}
                items={[
                  { key: 'code', label: 'Mã đơn', children: l.code },
                  { key: 'status', label: 'Trạng thái', children: <LeaveStatusTag status={l.status} /> },
                  {
                    key: 'user',
                    label: 'Nhân viên',
                    children: (
                      <span>
                        {l.user.name} ({l.user.code})
                        {l.user.department && (
                          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                            {l.user.department.name}
                          </Typography.Text>
                        )}
                      </span>
                    ),
                  },
                  { key: 'type', label: 'Loại nghỉ', children: <LeaveTypeTag type={l.type} /> },
                  {
                    key: 'from',
                    label: 'Từ ngày',
                    children: `${leaveDay(l.start_date, 'full')} — ${LEAVE_HALF_LABELS[l.start_half]}`,
                  },
                  {
                    key: 'to',
                    label: 'Đến ngày',
                    children: `${leaveDay(l.end_date, 'full')} — ${LEAVE_HALF_LABELS[l.end_half]}`,
                  },
                  {
                    key: 'days',
                    label: 'Số ngày làm việc',
                    children: <Typography.Text strong>{formatDays(l.days)}</Typography.Text>,
                  },
                  {
                    key: 'created',
                    label: 'Ngày tạo',
                    children: (
                      <span>
                        {formatDateTime(l.created_at)}
                        {byOther && (
                          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                            do {l.created_by_user?.name} tạo
                          </Typography.Text>
                        )}
                      </span>
                    ),
                  },
                  {
                    key: 'reason',
                    label: 'Lý do',
                    span: 'filled',
                    children: l.reason ? <span style={{ whiteSpace: 'pre-line' }}>{l.reason}</span> : dash,
                  },
                ]}
              />
            </Card>
            <Card title={`Tệp đính kèm (${l.attachments.length})`}>
              {l.attachments.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có tệp đính kèm" />
              ) : (
                <AttachmentRows documents={l.attachments.map((doc) => ({ doc }))} />
              )}
            </Card>
          </Space>
        </Col>
        <Col xs={24} xl={8}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            <Card title="Phê duyệt">
              <Descriptions
                column={1}
                items={[
                  {
                    key: 'approver',
                    label: 'Người duyệt',
                    children: l.approver?.name ?? <Typography.Text type="secondary">Nhân sự (toàn công ty)</Typography.Text>,
                  },
                  ...(l.substitutes.length > 0
                    ? [{ key: 'subs', label: 'Người duyệt thay', children: l.substitutes.map((s) => s.name).join(', ') }]
                    : []),
                  { key: 'decided_by', label: 'Người quyết định', children: l.decided_by?.name ?? dash },
                  {
                    key: 'decided_at',
                    label: 'Thời điểm',
                    children: l.decided_at ? formatDateTime(l.decided_at) : dash,
                  },
                  {
                    key: 'note',
                    label: 'Ghi chú',
                    children: l.decision_note ? <span style={{ whiteSpace: 'pre-line' }}>{l.decision_note}</span> : dash,
                  },
                ]}
              />
            </Card>
            {l.type.code === 'annual' && <EmployeeBalance userId={l.user_id} year={year} />}
            {canHistory && <RecordHistory entity="leaves" id={l.id} {...LEAVE_HISTORY} />}
          </Space>
        </Col>
      </Row>
    </>
  );
}

/** The employee's annual balance of the leave's year (shown when the caller may read it). */
function EmployeeBalance({ userId, year }: { userId: number; year: number }) {
  const balance = useLeaveBalance({ user_id: userId, year });
  if (balance.isPending || balance.isError) return null;
  return (
    <Card title={`Phép năm ${year} của nhân viên`} size="small">
      <BalanceView balance={balance.data} compact />
    </Card>
  );
}
