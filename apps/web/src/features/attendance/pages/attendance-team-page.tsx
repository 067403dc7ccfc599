import { formatDate, formatTime } from '@qlcv/common/format/date';
import { CHECK_KIND_LABELS } from '@qlcv/common/schemas/attendance';
import { Card, DatePicker, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { UserSelect } from '@/components/user-select';
import { dayjs } from '@/lib/dayjs';
import { type AttendanceRecord, useAttendanceRecords } from '../api/attendance-api';
import { methodLabel } from '../components/attendance-labels';
import { formatMetres } from '../components/geolocation';
import { AttendanceMonth } from '../components/my-month';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const PER_PAGE = 50;

/** Chấm công nhân viên: the check-ins of the departments I head (or everyone's), by month, department and person. */
export default function AttendanceTeamPage() {
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : dayjs().format('YYYY-MM');
  const departmentId = Number(params.get('department_id')) || undefined;
  const userId = Number(params.get('user_id')) || undefined;
  const page = Number(params.get('page')) || 1;
  const records = useAttendanceRecords({
    month,
    page,
    per_page: PER_PAGE,
    ...(departmentId ? { department_id: departmentId } : {}),
    ...(userId ? { user_id: userId } : {}),
  });

  const set = (patch: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === undefined || v === '') next.delete(k);
      else next.set(k, String(v));
    }
    if (!('page' in patch)) next.delete('page');
    setParams(next, { replace: true });
  };

  const columns: TableColumnsType<AttendanceRecord> = [
    {
      key: 'user',
      title: 'Nhân viên',
      render: (_, r) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{r.user.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[r.user.code, r.user.department?.name].filter(Boolean).join(' · ')}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'date', title: 'Ngày', width: 110, render: (_, r) => formatDate(r.date) },
    {
      key: 'time',
      title: 'Giờ',
      width: 130,
      render: (_, r) => (
        <Space size={4}>
          <Tag color={r.kind === 'in' ? 'green' : 'blue'}>{CHECK_KIND_LABELS[r.kind]}</Tag>
          {formatTime(r.at)}
        </Space>
      ),
    },
    { key: 'method', title: 'Cách chấm', width: 140, render: (_, r) => methodLabel(r.method) },
    {
      key: 'site',
      title: 'Địa điểm',
      responsive: ['md'],
      render: (_, r) =>
        r.site ? (
          <span>
            {r.site.name}
            {r.distance_m !== null && <Typography.Text type="secondary"> · cách {formatMetres(r.distance_m)}</Typography.Text>}
            {r.accuracy_m !== null && <Typography.Text type="secondary"> · ± {formatMetres(r.accuracy_m)}</Typography.Text>}
          </span>
        ) : (
          <Typography.Text type="secondary">{r.ip ? `IP ${r.ip}` : '—'}</Typography.Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader title="Chấm công nhân viên" subtitle="Các lần chấm công của nhân viên trong phạm vi bạn quản lý, theo tháng." />
      <Card>
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <DatePicker
            picker="month"
            aria-label="Chọn tháng"
            format="MM/YYYY"
            allowClear={false}
            value={dayjs(`${month}-01`)}
            onChange={(v) => v && set({ month: v.format('YYYY-MM') })}
          />
          <DepartmentTreeSelect
            aria-label="Lọc theo phòng ban"
            placeholder="Phòng ban"
            style={{ width: 220 }}
            value={departmentId ?? null}
            onChange={(v) => set({ department_id: v, user_id: null })}
          />
          <UserSelect
            aria-label="Lọc theo nhân viên"
            placeholder="Nhân viên"
            style={{ width: 240 }}
            departmentId={departmentId}
            value={userId ?? null}
            onChange={(v) => set({ user_id: v })}
          />
        </Space>
        {records.isError ? (
          <LoadError plain error={records.error} onRetry={() => records.refetch()} />
        ) : (
          <Table<AttendanceRecord>
            rowKey="id"
            columns={columns}
            dataSource={records.data?.data}
            loading={records.isFetching}
            scroll={{ x: 'max-content' }}
            locale={{
              emptyText: records.isPending ? ' ' : <Empty description="Không có lần chấm công nào trong tháng này" />,
            }}
            pagination={{
              current: page,
              pageSize: PER_PAGE,
              total: records.data?.meta.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => `Tổng ${total} lần chấm công`,
              onChange: (p) => set({ page: p }),
            }}
          />
        )}
      </Card>
      {userId && (
        <div style={{ marginTop: 16 }}>
          <AttendanceMonth
            month={month}
            userId={userId}
            allowCorrection={false}
            title="Theo ngày"
            onMonth={(m) => set({ month: m })}
          />
        </div>
      )}
    </>
  );
}
