import { TeamOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { LEAVE_LIST_KEYS, LEAVE_STATUS_LABELS, LEAVE_STATUSES, type Leave, type LeaveTab } from '@qlcv/common/schemas/leaves';
import { Badge, Button, Card, DatePicker, Empty, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { CsvSelect, ServerTable, sortOrderOf, toExportQuery, toQuery, useListParams } from '@/components/list-controls';
import { CreateButton, ExportButton, ListEmpty, ListFilters } from '@/components/list-page';
import { PageHeader } from '@/components/page-header';
import { SubstitutesDrawer } from '@/features/leave-substitutes';
import { useLeaveTypes } from '@/features/leave-types/api/leave-types-api';
import { useAuthUser } from '@/lib/auth/auth-store';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useApprovalCount, useExportLeaves, useLeaves } from '../api/leaves-api';
import { MyBalanceCard } from '../components/balance-card';
import { LeaveBalancesPanel } from '../components/leave-balances-panel';
import { formatDays, LeaveStatusTag, LeaveTypeTag, leaveDates } from '../components/leave-tags';

const FILTERS = ['status', 'leave_type_id', 'department_id', 'month'] as const;
const SCOPE_KEYS = ['leaves.department', 'leaves.departments', 'leaves.all'] as const;

/** Leaves: mine, awaiting my approval, all in my scope; filters, export, my balance, substitutes. */
export default function LeaveListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: '-start_date', filters: FILTERS, views: ['tab'] });
  const { params, update, filtered } = list;
  const canScope = useCan(SCOPE_KEYS);
  const canCreate = useCan(['leaves.create']);
  const canForEmployee = useCan(['leaves.department']);
  const approvalCount = useApprovalCount();
  const count = approvalCount.data?.count ?? 0;
  const isHr = useCan(['leaves.all']);
  const rawTab = params.filters.tab as LeaveTab | 'balances' | undefined;
  // "Số ngày phép" is HR's page of balances, not a list tab of the API.
  const balancesTab = rawTab === 'balances' && isHr;
  const canList = useCan(LEAVE_LIST_KEYS);
  const tab: LeaveTab = !canList || rawTab === 'approval' ? 'approval' : rawTab === 'all' && canScope ? rawTab : 'mine';
  const query = { ...toQuery(params), tab };
  const leaves = useLeaves(query, !balancesTab);
  const exporter = useExportLeaves();
  const types = useLeaveTypes();
  const [drawer, setDrawer] = useState(false);
  const f = params.filters;
  const me = useAuthUser();
  // A head decides their department's leave without any leave key: the substitute is theirs to name too.
  const showSubstitutes = canScope || count > 0 || (me?.headed_department_ids?.length ?? 0) > 0;

  const columns: TableColumnsType<Leave> = [
    {
      key: 'code',
      title: 'Mã đơn',
      width: 130,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (_, l) => (
        <Link to={urlFor('leaves.show', { id: l.id })} style={{ whiteSpace: 'nowrap' }}>
          {l.code}
        </Link>
      ),
    },
    {
      key: 'user',
      title: 'Nhân viên',
      render: (_, l) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{l.user.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[l.user.code, l.user.department?.name].filter(Boolean).join(' · ')}
          </Typography.Text>
          {l.created_by_user && l.created_by_user.id !== l.user_id && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              do {l.created_by_user.name} tạo
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'type', title: 'Loại nghỉ', width: 165, render: (_, l) => <LeaveTypeTag type={l.type} /> },
    {
      key: 'start_date',
      title: 'Thời gian',
      width: 215,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'start_date'),
      render: (_, l) => leaveDates(l),
    },
    {
      key: 'days',
      title: 'Số ngày',
      width: 100,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'days'),
      render: (_, l) => formatDays(l.days),
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 115,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, l) => <LeaveStatusTag status={l.status} />,
    },
    {
      key: 'approver',
      title: 'Người duyệt',
      width: 150,
      responsive: ['lg'],
      render: (_, l) => l.decided_by?.name ?? l.approver?.name ?? <Typography.Text type="secondary">Nhân sự</Typography.Text>,
    },
  ];

  const empty =
    !filtered && tab === 'approval' ? (
      <Empty description="Không có đơn nghỉ nào chờ bạn duyệt" />
    ) : (
      <ListEmpty
        list={list}
        noun="đơn nghỉ"
        text="Chưa có đơn nghỉ nào"
        actions={canCreate && tab === 'mine' && <CreateButton label="Tạo đơn nghỉ" to={urlFor('leaves.create')} />}
      />
    );

  const month = f.month ? dayjs(`${f.month}-01`) : null;

  return (
    <>
      <PageHeader
        title="Nghỉ phép"
        subtitle={
          canList
            ? 'Đơn nghỉ của bạn, đơn chờ bạn duyệt và đơn nghỉ trong phạm vi bạn quản lý.'
            : 'Đơn nghỉ của nhân viên đang chờ bạn duyệt (trưởng phòng hoặc người duyệt thay).'
        }
        extra={
          <>
            {showSubstitutes && (
              <Button icon={<UserSwitchOutlined />} onClick={() => setDrawer(true)}>
                Người duyệt thay
              </Button>
            )}
            {canList && <ExportButton exporter={exporter} query={{ ...toExportQuery(params), tab }} />}
            {canForEmployee && (
              <Button icon={<TeamOutlined />} onClick={() => navigate(urlFor('leaves.create_for_employee'))}>
                Tạo đơn cho nhân viên
              </Button>
            )}
            {canCreate && <CreateButton label="Tạo đơn nghỉ" to={urlFor('leaves.create')} />}
          </>
        }
      />
      {canList && <MyBalanceCard />}
      <Card>
        <Tabs
          activeKey={balancesTab ? 'balances' : tab}
          onChange={(key) => update({ tab: key === 'mine' ? null : key })}
          items={[
            ...(canList ? [{ key: 'mine', label: 'Của tôi' }] : []),
            {
              key: 'approval',
              label: (
                <Space size={6}>
                  Chờ tôi duyệt
                  <Badge count={count} overflowCount={99} size="small" data-testid="leave-approval-count" />
                </Space>
              ),
            },
            ...(canScope ? [{ key: 'all', label: 'Tất cả trong phạm vi' }] : []),
            ...(isHr ? [{ key: 'balances', label: 'Số ngày phép' }] : []),
          ]}
        />
        {balancesTab ? (
          <LeaveBalancesPanel />
        ) : (
          <>
            <ListFilters list={list} search={{ placeholder: 'Tìm theo mã đơn, tên, mã nhân viên', width: 280 }}>
              <CsvSelect
                placeholder="Trạng thái"
                width={200}
                options={LEAVE_STATUSES.map((s) => ({ value: s, label: LEAVE_STATUS_LABELS[s] }))}
                value={f.status}
                onChange={(v) => update({ status: v })}
              />
              <CsvSelect
                placeholder="Loại nghỉ"
                width={220}
                options={(types.data ?? []).map((t) => ({ value: String(t.id), label: `${t.symbol} — ${t.name}` }))}
                value={f.leave_type_id}
                onChange={(v) => update({ leave_type_id: v })}
              />
              {tab !== 'mine' && (
                <DepartmentTreeSelect
                  aria-label="Lọc theo phòng ban"
                  placeholder="Phòng ban"
                  style={{ width: 220 }}
                  value={f.department_id ? Number(f.department_id) : null}
                  onChange={(v) => update({ department_id: v })}
                />
              )}
              <DatePicker
                picker="month"
                aria-label="Lọc theo tháng"
                format="MM/YYYY"
                placeholder="Tháng"
                value={month}
                onChange={(v) => update({ month: v ? v.format('YYYY-MM') : null })}
              />
            </ListFilters>
            <ServerTable<Leave>
              query={leaves}
              columns={columns}
              params={params}
              update={update}
              noun="đơn nghỉ"
              empty={empty}
              scrollX={1000}
            />
          </>
        )}
      </Card>
      <SubstitutesDrawer open={drawer} onClose={() => setDrawer(false)} />
    </>
  );
}
