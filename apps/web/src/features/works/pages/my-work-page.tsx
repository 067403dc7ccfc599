import { ClearOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { MY_WORK_TABS, type MyWorkTab, WORK_STATUSES } from '@qlcv/common/schemas/works';
import { Button, Card, Checkbox, Select, Space, Tabs } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { urlFor } from '@/app/routes';
import { SearchInput, toQuery, useListParams } from '@/components/list-controls';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions/can';
import { useExportMyWorks } from '../api/export-works';
import { useMyWorks } from '../api/get-works';
import { WorkTable } from '../components/work-table';

const FILTERS = ['tab', 'status', 'overdue'] as const;
const CLEARED = { search: null, status: null, overdue: null };
const TAB_LABELS: Record<MyWorkTab, string> = { assigned: 'Được giao', created: 'Tôi tạo', following: 'Theo dõi' };
const EMPTY: Record<MyWorkTab, string> = {
  assigned: 'Bạn chưa được giao công việc nào',
  created: 'Bạn chưa tạo công việc nào',
  following: 'Bạn chưa theo dõi công việc nào',
};
const csv = (v: string | undefined) => (v ? v.split(',') : []);

/** "Công việc của tôi": assigned to me / created by me / followed, for every signed-in user. */
export default function MyWorkPage() {
  const navigate = useNavigate();
  const { params, update } = useListParams({ sort: '-created_at', filters: FILTERS });
  const f = params.filters;
  const tab: MyWorkTab = MY_WORK_TABS.includes(f.tab as MyWorkTab) ? (f.tab as MyWorkTab) : 'assigned';
  const query = { ...toQuery(params), tab };
  const works = useMyWorks(query);
  const canCreate = useCan(['works.create']);
  const filtered = !!params.search || !!f.status || !!f.overdue;
  const exporter = useExportMyWorks();
  const exportQuery = { ...query, page: undefined, per_page: undefined };

  const lastPage = works.data?.meta.last_page ?? 1;
  useEffect(() => {
    if (works.data && params.page > Math.max(1, lastPage)) update({ page: Math.max(1, lastPage) });
  }, [works.data, params.page, lastPage, update]);

  return (
    <>
      <PageHeader
        title="Công việc của tôi"
        subtitle="Công việc được giao cho bạn, do bạn tạo hoặc bạn theo dõi."
        extra={
          <>
            <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate(exportQuery)}>
              Xuất Excel
            </Button>
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urlFor('works.create'))}>
                Thêm công việc
              </Button>
            )}
          </>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(key) => update({ tab: key === 'assigned' ? null : key })}
          items={MY_WORK_TABS.map((t) => ({ key: t, label: TAB_LABELS[t] }))}
          style={{ marginTop: -8 }}
        />
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <SearchInput
            value={params.search}
            onSearch={(search) => update({ search })}
            placeholder="Tìm theo mã, tiêu đề"
            width={280}
          />
          <Select
            mode="multiple"
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            maxTagCount="responsive"
            style={{ width: 220 }}
            options={WORK_STATUSES.map((s) => ({ value: s, label: WORK_STATUS_LABELS[s] }))}
            value={csv(f.status)}
            onChange={(v: string[]) => update({ status: v.length > 0 ? v.join(',') : null })}
          />
          <Checkbox checked={f.overdue === 'true'} onChange={(e) => update({ overdue: e.target.checked ? 'true' : null })}>
            Quá hạn
          </Checkbox>
          {filtered && (
            <Button type="link" icon={<ClearOutlined />} onClick={() => update(CLEARED)}>
              Xóa bộ lọc
            </Button>
          )}
        </Space>
        <WorkTable
          query={works}
          params={params}
          update={update}
          filtered={filtered}
          onClear={() => update(CLEARED)}
          emptyText={EMPTY[tab]}
        />
      </Card>
    </>
  );
}
