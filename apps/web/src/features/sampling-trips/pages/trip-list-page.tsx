import { TRIP_STATUS_LABELS, TRIP_STATUSES, type Trip } from '@qlcv/common/schemas/sampling-trips';
import { Checkbox, DatePicker, Select, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportTrips, useTrips } from '../api/sampling-trips-api';
import { TripStatusTag, tripDates } from '../components/trip-labels';

const FILTERS = ['status', 'from', 'to', 'mine'] as const;

/** The sampling trips the caller's scope holds: status, dates, "mine only", export. */
export default function TripListPage() {
  const list = useListParams({ sort: '-start_date', filters: FILTERS });
  const { params, update } = list;
  const trips = useTrips(toQuery(params));
  const exporter = useExportTrips();
  const canCreate = useCan(['sampling.create']);
  const f = params.filters;

  const columns: TableColumnsType<Trip> = [
    {
      key: 'start_date',
      title: 'Ngày đi',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'start_date'),
      render: (_, t) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{tripDates(t)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.code}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'name',
      title: 'Chuyến',
      render: (_, t) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <Link to={urlFor('monitoring.trips.show', { id: t.id })}>{t.name}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.sites.join(' · ')}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'team',
      title: 'Đoàn',
      width: 170,
      responsive: ['md'],
      render: (_, t) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{t.leader.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t.members_count + 1} người{t.vehicle ? ` · ${t.vehicle.identifier ?? t.vehicle.code}` : ''}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, t) => <TripStatusTag status={t.status} />,
    },
  ];

  return (
    <ListPage<Trip>
      title="Chuyến lấy mẫu"
      subtitle="Các chuyến lấy mẫu hiện trường: ngày đi, đoàn, phương tiện, thiết bị và các đợt quan trắc."
      list={list}
      query={trips}
      columns={columns}
      noun="chuyến"
      scrollX={640}
      exporter={exporter}
      create={canCreate && { label: 'Lên kế hoạch chuyến', to: urlFor('monitoring.trips.create') }}
      search={{ placeholder: 'Tìm theo mã, tên chuyến, cơ sở', width: 280 }}
      filters={
        <>
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 180 }}
            options={TRIP_STATUSES.map((s) => ({ value: s, label: TRIP_STATUS_LABELS[s] }))}
            value={f.status}
            onChange={(v?: string) => update({ status: v ?? null })}
          />
          <DatePicker.RangePicker
            aria-label="Lọc theo ngày đi"
            format="DD/MM/YYYY"
            placeholder={['Từ ngày', 'Đến ngày']}
            style={{ width: 250 }}
            value={f.from && f.to ? [dayjs(f.from), dayjs(f.to)] : null}
            onChange={(v) => update({ from: v?.[0]?.format('YYYY-MM-DD') ?? null, to: v?.[1]?.format('YYYY-MM-DD') ?? null })}
          />
          <Checkbox checked={f.mine === 'true'} onChange={(e) => update({ mine: e.target.checked ? 'true' : null })}>
            Chỉ chuyến của tôi
          </Checkbox>
        </>
      }
      emptyText="Chưa có chuyến lấy mẫu nào. Lên kế hoạch chuyến cho các đợt quan trắc sắp đến hạn."
    />
  );
}
