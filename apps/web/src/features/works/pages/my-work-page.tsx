import { WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { MY_WORK_TABS, type MyWorkTab, WORK_STATUSES, type Work } from '@qlcv/common/schemas/works';
import { Checkbox, DatePicker, Tabs } from 'antd';
import { CsvSelect, toExportQuery, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { MyTrips } from '@/features/sampling-trips';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportMyWorks, useMyWorks } from '../api/works-api';
import { workColumns } from '../components/work-table';

// from/to: the deadline between those days (the dashboard's "due this week" card opens it so).
const FILTERS = ['status', 'overdue', 'from', 'to'] as const;
const TAB_LABELS: Record<MyWorkTab, string> = { assigned: 'Được giao', created: 'Tôi tạo', following: 'Theo dõi' };
const EMPTY: Record<MyWorkTab, string> = {
  assigned: 'Bạn chưa được giao công việc nào',
  created: 'Bạn chưa tạo công việc nào',
  following: 'Bạn chưa theo dõi công việc nào',
};

/** "Công việc của tôi": assigned to me / created by me / followed, for every signed-in user. */
export default function MyWorkPage() {
  const list = useListParams({ sort: '-created_at', filters: FILTERS, views: ['tab'] });
  const { params, update } = list;
  const f = params.filters;
  const tab: MyWorkTab = MY_WORK_TABS.includes(f.tab as MyWorkTab) ? (f.tab as MyWorkTab) : 'assigned';
  const query = { ...toQuery(params), tab };
  const works = useMyWorks(query);
  const canCreate = useCan(['works.create']);
  const exporter = useExportMyWorks();

  return (
    <>
      <MyTrips />
      <ListPage<Work>
        title="Công việc của tôi"
        subtitle="Công việc được giao cho bạn, do bạn tạo hoặc bạn theo dõi."
        list={list}
        query={works}
        columns={workColumns(params)}
        noun="công việc"
        scrollX={900}
        exporter={exporter}
        exportQuery={{ ...toExportQuery(params), tab }}
        create={canCreate && { label: 'Thêm công việc', to: urlFor('works.create') }}
        top={
          <Tabs
            activeKey={tab}
            onChange={(key) => update({ tab: key === 'assigned' ? null : key })}
            items={MY_WORK_TABS.map((t) => ({ key: t, label: TAB_LABELS[t] }))}
            style={{ marginTop: -8 }}
          />
        }
        search={{ placeholder: 'Tìm theo mã, tiêu đề', width: 280 }}
        filters={
          <>
            <CsvSelect
              placeholder="Trạng thái"
              width={220}
              options={WORK_STATUSES.map((s) => ({ value: s, label: WORK_STATUS_LABELS[s] }))}
              value={f.status}
              onChange={(v) => update({ status: v })}
            />
            <DatePicker.RangePicker
              aria-label="Lọc theo hạn hoàn thành"
              format="DD/MM/YYYY"
              placeholder={['Hạn từ ngày', 'Đến ngày']}
              allowEmpty={[true, true]}
              value={[f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null]}
              onChange={(v) =>
                update({ from: v?.[0] ? v[0].format('YYYY-MM-DD') : null, to: v?.[1] ? v[1].format('YYYY-MM-DD') : null })
              }
            />
            <Checkbox
              checked={f.overdue === 'true' || f.overdue === '1'}
              onChange={(e) => update({ overdue: e.target.checked ? 'true' : null })}
            >
              Quá hạn
            </Checkbox>
          </>
        }
        emptyText={EMPTY[tab]}
      />
    </>
  );
}
