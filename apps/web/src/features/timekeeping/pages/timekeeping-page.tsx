import { DownloadOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { formatNumber } from '@qlcv/common/format/number';
import { ABSENT_SYMBOL, TIMEKEEPING_COLORS, type TimekeepingDay, type TimekeepingRow } from '@qlcv/common/schemas/timekeeping';
import { normalizeVi } from '@qlcv/common/vi-text';
import { WEEKDAY_SHORT, type Weekday } from '@qlcv/common/work-calendar';
import {
  Button,
  Card,
  DatePicker,
  Empty,
  Grid,
  Input,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
  theme,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { type CSSProperties, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { PageHeader } from '@/components/page-header';
import { LoadError } from '@/components/page-states';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { type TimekeepingQuery, useExportTimekeeping, useTimekeeping } from '../api/timekeeping-api';
import { TimekeepingCell } from '../components/timekeeping-cell';
import { TimekeepingLegend } from '../components/timekeeping-legend';

const NAME_WIDTH = 220;
/** On a phone the employee column is narrow, so a week of days fits beside it. */
const NAME_WIDTH_PHONE = 118;
const DAY_WIDTH = 44;
const TOTAL_WIDTH = 64;
const ROW_HEIGHT = 40;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The grid's height: the window less the header, filters and legend, at least 320 px. */
const gridHeight = () => Math.max(320, (typeof window === 'undefined' ? 900 : window.innerHeight) - 360);

function useGridHeight(): number {
  const [height, setHeight] = useState(gridHeight);
  useEffect(() => {
    const onResize = () => setHeight(gridHeight());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

/** Days in half-day steps: 23, 18,5. */
const dayCount = (n: number) => formatNumber(n, { decimals: Number.isInteger(n) ? 0 : 1 });
const num = (n: number | undefined) => (n ? dayCount(n) : '');

/**
 * Bảng chấm công: a month's grid of the employees in the caller's scope (their own row at least), a cell per day,
 * the totals; the month and the department in the address so a link opens the same sheet. Rows are virtual, so a
 * company of 500 scrolls without jank.
 */
export default function TimekeepingPage() {
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const month = MONTH.test(params.get('month') ?? '') ? (params.get('month') as string) : dayjs().format('YYYY-MM');
  const departmentId = Number(params.get('department_id')) || undefined;
  const query: TimekeepingQuery = { month, ...(departmentId ? { department_id: departmentId } : {}) };
  const sheet = useTimekeeping(query);
  const exporter = useExportTimekeeping();
  const canPickDepartment = useCan(['leaves.department', 'leaves.departments', 'leaves.all']);
  const [search, setSearch] = useState('');
  const height = useGridHeight();
  const phone = Grid.useBreakpoint().sm === false;
  const nameWidth = phone ? NAME_WIDTH_PHONE : NAME_WIDTH;
  const today = dayjs().format('YYYY-MM-DD');

  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  const data = sheet.data;
  const paid = useMemo(() => new Map((data?.leave_types ?? []).map((t) => [t.symbol, t.paid])), [data]);
  // Per row, its marks by date.
  const marks = useMemo(
    () => new Map((data?.rows ?? []).map((r) => [r.user.id, new Map(r.marks.map((m) => [m.date, m]))])),
    [data],
  );
  const rows = useMemo(() => {
    const all = data?.rows ?? [];
    const needle = normalizeVi(search.trim());
    return needle ? all.filter((r) => normalizeVi(`${r.user.code} ${r.user.name}`).includes(needle)) : all;
  }, [data, search]);

  const columns = useMemo((): TableColumnsType<TimekeepingRow> => {
    if (!data) return [];
    const shade = (day: TimekeepingDay): string | undefined =>
      day.kind === 'holiday' ? `#${TIMEKEEPING_COLORS.holiday}` : day.kind === 'off' ? `#${TIMEKEEPING_COLORS.off}` : undefined;
    const dayColumns: TableColumnsType<TimekeepingRow> = data.days.map((day, i) => {
      const isToday = day.date === today;
      const headerStyle: CSSProperties = {
        padding: '4px 0',
        textAlign: 'center',
        background: shade(day),
        ...(isToday ? { boxShadow: `inset 0 -3px 0 ${token.colorPrimary}`, color: token.colorPrimary } : {}),
      };
      const label = `${dayjs(day.date).format('DD/MM/YYYY')} (${WEEKDAY_SHORT[day.weekday as Weekday]})${day.holiday_name ? ` — ${day.holiday_name}` : ''}`;
      return {
        key: day.date,
        width: DAY_WIDTH,
        align: 'center',
        title: (
          <Tooltip title={label}>
            <div style={{ lineHeight: 1.2 }}>
              <div style={{ fontWeight: 600 }}>{Number(day.date.slice(8, 10))}</div>
              <div style={{ fontSize: 11, fontWeight: 400 }}>{WEEKDAY_SHORT[day.weekday as Weekday]}</div>
            </div>
          </Tooltip>
        ),
        onHeaderCell: () => ({ style: headerStyle }),
        onCell: () => ({ style: { padding: 3, background: shade(day) } }),
        render: (_: unknown, row: TimekeepingRow) => (
          <TimekeepingCell cell={row.cells[i] ?? ''} paid={paid} mark={marks.get(row.user.id)?.get(day.date)} />
        ),
      };
    });
    // A business trip is worked: inside "Ngày làm", with a column of its own, not among the leave columns.
    const tripTypes = data.leave_types.filter((t) => t.counts_as_worked);
    const paidTypes = data.leave_types.filter((t) => t.paid && !t.counts_as_worked);
    const unpaidTypes = data.leave_types.filter((t) => !t.paid && !t.counts_as_worked);
    const attendance = data.attendance_required;
    const total = (
      key: string,
      title: string,
      hint: string,
      value: (r: TimekeepingRow) => number | undefined,
      strong = false,
    ): TableColumnsType<TimekeepingRow>[number] => ({
      key,
      width: TOTAL_WIDTH,
      align: 'right',
      title: (
        <Tooltip title={hint}>
          <span style={{ fontSize: 12 }}>{title}</span>
        </Tooltip>
      ),
      render: (_: unknown, r: TimekeepingRow) => (strong ? <strong>{num(value(r))}</strong> : num(value(r))),
    });
    return [
      {
        key: 'user',
        title: 'Nhân viên',
        width: nameWidth,
        fixed: 'left',
        onCell: () => ({ style: { padding: '3px 8px' } }),
        render: (_: unknown, r: TimekeepingRow) => (
          <div style={{ lineHeight: 1.2, overflow: 'hidden' }}>
            <Typography.Text strong ellipsis style={{ display: 'block', maxWidth: nameWidth - 24 }}>
              {r.user.name}
            </Typography.Text>
            <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block', maxWidth: nameWidth - 24 }}>
              {r.user.code}
              {r.user.department ? ` · ${r.user.department.name}` : ''}
            </Typography.Text>
          </div>
        ),
      },
      ...dayColumns,
      total(
        'worked',
        'Ngày làm',
        `Ngày làm việc (X${tripTypes.map((t) => `, ${t.symbol}`).join('')}), nửa ngày tính 0,5`,
        (r) => r.totals.worked,
      ),
      ...tripTypes.map((t) =>
        total(
          `trip-${t.symbol}`,
          t.symbol,
          `${t.name}: tính là ngày công (đã có trong Ngày làm)`,
          (r) => r.attendance_totals.business_trip,
        ),
      ),
      ...paidTypes.map((t) => total(`paid-${t.symbol}`, t.symbol, `${t.name} (có lương)`, (r) => r.totals.paid_leave[t.symbol])),
      total('holidays', 'L', 'Nghỉ lễ, Tết (có lương)', (r) => r.totals.holidays),
      ...unpaidTypes.map((t) =>
        total(`unpaid-${t.symbol}`, t.symbol, `${t.name} (ngoài công hưởng lương)`, (r) => r.totals.unpaid_leave[t.symbol]),
      ),
      ...(attendance
        ? [
            total('absent', ABSENT_SYMBOL, 'Vắng không phép (ngày, nửa ngày tính 0,5)', (r) => r.attendance_totals.absent),
            total('late', 'Muộn', 'Số lần đi muộn (quá thời gian cho phép)', (r) => r.attendance_totals.late_count),
            total('late-minutes', 'Phút muộn', 'Tổng số phút đi muộn', (r) => r.attendance_totals.late_minutes),
          ]
        : []),
      {
        ...total(
          'payable',
          'Hưởng lương',
          'Công hưởng lương = ngày làm + nghỉ có lương + nghỉ lễ',
          (r) => r.totals.payable,
          true,
        ),
        width: 84,
        // On a phone the days need the width: the column scrolls with the others.
        ...(phone ? {} : { fixed: 'right' as const }),
      },
    ];
  }, [data, paid, marks, today, token.colorPrimary, phone, nameWidth]);

  const scrollX = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0);
  const [year, mm] = month.split('-');
  const workingDays = data?.rows[0]?.totals.working_days;

  if (sheet.isError && !data) {
    return (
      <>
        <PageHeader title="Bảng chấm công" />
        <LoadError
          error={sheet.error}
          onRetry={() => sheet.refetch()}
          notFoundTitle="Không tìm thấy phòng ban trong phạm vi xem"
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={`Bảng chấm công tháng ${mm}/${year}`}
        subtitle={
          data?.attendance_required
            ? 'Mỗi ô là một ngày: X có chấm công, – vắng không phép, ký hiệu loại nghỉ khi có đơn đã duyệt (CT công tác), L ngày lễ; nửa ngày chia đôi sáng / chiều.'
            : 'Mỗi ô là một ngày: X ngày làm, ký hiệu loại nghỉ khi có đơn nghỉ đã duyệt, L ngày lễ; nửa ngày chia đôi sáng / chiều.'
        }
        extra={
          <Button
            icon={<DownloadOutlined />}
            loading={exporter.isPending}
            disabled={!data || data.rows.length === 0}
            onClick={() => exporter.mutate(query)}
          >
            Xuất Excel
          </Button>
        }
      />
      <Card styles={{ body: { padding: 16 } }}>
        <Space wrap size={12} style={{ marginBottom: 12 }}>
          <DatePicker
            picker="month"
            format="MM/YYYY"
            allowClear={false}
            aria-label="Tháng"
            value={dayjs(`${month}-01`)}
            onChange={(value: Dayjs | null) => value && set({ month: value.format('YYYY-MM') })}
          />
          {canPickDepartment && (
            <DepartmentTreeSelect
              aria-label="Phòng ban"
              placeholder="Tất cả phòng ban"
              style={{ width: phone ? '100%' : 260 }}
              value={departmentId ?? null}
              onChange={(id) => set({ department_id: id ? String(id) : null })}
            />
          )}
          <Input.Search
            allowClear
            aria-label="Tìm nhân viên"
            placeholder="Tìm theo mã, tên nhân viên"
            style={{ width: phone ? '100%' : 240 }}
            onChange={(e) => setSearch(e.target.value)}
          />
          {data && (
            <Typography.Text type="secondary">
              {workingDays !== undefined ? `Công chuẩn: ${dayCount(workingDays)} ngày · ` : ''}
              {rows.length} nhân viên ·{' '}
              {data.counted_through
                ? `Tính đến ngày ${formatDate(data.counted_through)}`
                : 'Tháng chưa bắt đầu: chưa có ngày công'}
            </Typography.Text>
          )}
        </Space>
        {phone && data && data.rows.length > 0 && (
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 4 }}>
            Vuốt ngang để xem thêm ngày và tổng công →
          </Typography.Text>
        )}
        <Table<TimekeepingRow>
          // A phone scrolls the days natively under a finger; only a long sheet needs virtual rows there.
          virtual={!phone || rows.length > 100}
          size="small"
          bordered
          rowKey={(r) => r.user.id}
          columns={columns}
          dataSource={rows}
          loading={sheet.isFetching}
          pagination={false}
          scroll={{ x: scrollX, y: height }}
          rowHoverable
          onRow={() => ({ style: { height: ROW_HEIGHT } })}
          locale={{
            emptyText: sheet.isPending ? (
              ' '
            ) : (
              <Empty
                description={search ? `Không có nhân viên nào khớp với “${search}”` : 'Không có nhân viên nào trong tháng này'}
              />
            ),
          }}
          aria-label={`Bảng chấm công tháng ${mm}/${year}`}
        />
        {data && data.leave_types.length > 0 && (
          <div style={{ marginTop: 12 }}>
            <TimekeepingLegend types={data.leave_types} attendance={data.attendance_required} />
          </div>
        )}
      </Card>
    </>
  );
}
