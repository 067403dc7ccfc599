import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { Badge, Card, Empty, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { Link } from 'react-router';
import { ClearFiltersLink, CsvSelect, ServerTable, useListParams } from '@/components/list-controls';
import { CreateButton, ListEmpty } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { type AttendanceCorrection, type CorrectionListQuery, useCorrections } from '../api/attendance-api';
import { CORRECTION_STATUS_LABELS, CorrectionStatusTag } from '../components/attendance-labels';

const TIMES = (c: AttendanceCorrection) =>
  [c.check_in && `Vào ${c.check_in}`, c.check_out && `Ra ${c.check_out}`].filter(Boolean).join(' · ');

/** Giải trình chấm công: mine, those waiting for me (head or substitute), everyone's for HR. */
export default function CorrectionListPage() {
  const list = useListParams({ sort: '-date', filters: ['status'], views: ['tab'] });
  const { params, update } = list;
  const canAll = useCan(['attendance.all']);
  const canOwn = useCan(['attendance.index']);
  const raw = params.filters.tab;
  const tab: CorrectionListQuery['tab'] =
    raw === 'to_approve' || !canOwn ? 'to_approve' : raw === 'all' && canAll ? 'all' : 'mine';
  const query: CorrectionListQuery = {
    tab,
    page: params.page,
    per_page: params.per_page === 'all' ? 100 : params.per_page,
    ...(params.filters.status ? { status: params.filters.status } : {}),
  };
  const corrections = useCorrections(query);
  const waiting = useCorrections({ tab: 'to_approve', status: 'pending', per_page: 1 });
  const waitingCount = waiting.data?.meta.total ?? 0;

  const columns: TableColumnsType<AttendanceCorrection> = [
    {
      key: 'date',
      title: 'Ngày',
      width: 130,
      render: (_, c) => (
        <Link to={urlFor('attendance.corrections.show', { id: c.id })} aria-label={`Giải trình ngày ${formatDate(c.date)}`}>
          {formatDate(c.date)}
        </Link>
      ),
    },
    ...(tab === 'mine'
      ? []
      : [
          {
            key: 'user',
            title: 'Nhân viên',
            width: 230,
            render: (_: unknown, c: AttendanceCorrection) => (
              <span>
                {c.user.name}
                {c.user.code && <Typography.Text type="secondary"> · {c.user.code}</Typography.Text>}
              </span>
            ),
          },
        ]),
    {
      key: 'times',
      title: 'Giờ đề nghị',
      width: 180,
      render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{TIMES(c)}</span>,
    },
    {
      key: 'reason',
      title: 'Lý do',
      render: (_, c) => <Typography.Text ellipsis={{ tooltip: c.reason }}>{c.reason}</Typography.Text>,
    },
    { key: 'status', title: 'Trạng thái', width: 120, render: (_, c) => <CorrectionStatusTag status={c.status} /> },
    { key: 'created', title: 'Gửi lúc', width: 150, responsive: ['md'], render: (_, c) => formatDateTime(c.created_at) },
  ];

  const empty =
    tab === 'to_approve' && !params.filters.status ? (
      <Empty description="Không có giải trình nào chờ bạn duyệt" />
    ) : (
      <ListEmpty
        list={list}
        noun="giải trình"
        text="Chưa có giải trình nào"
        actions={tab === 'mine' && <CreateButton label="Gửi giải trình" to={urlFor('attendance.corrections.create')} />}
      />
    );

  return (
    <>
      <PageHeader
        title="Giải trình chấm công"
        subtitle="Quên chấm công vào, ra hoặc chấm sai giờ: gửi giải trình để trưởng phòng (hoặc người duyệt thay) duyệt."
        extra={canOwn && <CreateButton label="Gửi giải trình" to={urlFor('attendance.corrections.create')} />}
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key === 'mine' ? null : key })}
          items={[
            ...(canOwn ? [{ key: 'mine', label: 'Của tôi' }] : []),
            {
              key: 'to_approve',
              label: (
                <Space size={6}>
                  Chờ tôi duyệt
                  <Badge count={waitingCount} size="small" data-testid="correction-waiting-count" />
                </Space>
              ),
            },
            ...(canAll ? [{ key: 'all', label: 'Tất cả' }] : []),
          ]}
        />
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <CsvSelect
            placeholder="Trạng thái"
            width={200}
            options={Object.entries(CORRECTION_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
            value={params.filters.status}
            onChange={(v) => update({ status: v })}
          />
          {list.filtered && <ClearFiltersLink onClick={list.clear} />}
        </Space>
        <ServerTable<AttendanceCorrection>
          query={corrections}
          columns={columns}
          params={params}
          update={update}
          noun="giải trình"
          empty={empty}
          scrollX={800}
        />
      </Card>
    </>
  );
}
