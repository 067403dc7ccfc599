import { ClearOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { PRIORITY_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { PRIORITIES } from '@qlcv/common/schemas/requests';
import { WORK_STATUSES } from '@qlcv/common/schemas/works';
import { Button, Card, Checkbox, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { urlFor } from '@/app/routes';
import { SearchInput, toQuery, useListParams } from '@/components/list-controls';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions/can';
import { useExportWorks } from '../api/export-works';
import { useWorks } from '../api/get-works';
import { DepartmentSelect, UserSelect } from '../components/pickers';
import { WorkTable } from '../components/work-table';

const FILTERS = ['status', 'priority', 'department_id', 'assignee_id', 'overdue'] as const;
const CLEARED = Object.fromEntries([...FILTERS, 'search'].map((k) => [k, null]));
const csv = (v: string | undefined) => (v ? v.split(',') : []);

/** Works of the department (`works.department`) or the company (`works.all`): filters, search, export. */
export default function WorkListPage() {
  const navigate = useNavigate();
  const { params, update } = useListParams({ sort: '-created_at', filters: FILTERS });
  const works = useWorks(toQuery(params));
  const exporter = useExportWorks();
  const canCreate = useCan(['works.create']);
  const f = params.filters;
  const filtered = !!params.search || FILTERS.some((k) => f[k]);

  const lastPage = works.data?.meta.last_page ?? 1;
  useEffect(() => {
    if (works.data && params.page > Math.max(1, lastPage)) update({ page: Math.max(1, lastPage) });
  }, [works.data, params.page, lastPage, update]);

  const { page: _p, per_page: _pp, ...exportQuery } = toQuery(params);

  return (
    <>
      <PageHeader
        title="Danh sách công việc"
        subtitle="Công việc của phòng ban hoặc toàn công ty: người thực hiện, hạn hoàn thành, tiến độ."
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
          <Select
            mode="multiple"
            aria-label="Lọc theo mức ưu tiên"
            placeholder="Mức ưu tiên"
            allowClear
            maxTagCount="responsive"
            style={{ width: 180 }}
            options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={csv(f.priority)}
            onChange={(v: string[]) => update({ priority: v.length > 0 ? v.join(',') : null })}
          />
          <DepartmentSelect
            aria-label="Lọc theo phòng ban"
            placeholder="Phòng ban"
            style={{ width: 200 }}
            value={f.department_id ? Number(f.department_id) : null}
            onChange={(v) => update({ department_id: v })}
          />
          <UserSelect
            aria-label="Lọc theo người thực hiện"
            placeholder="Người thực hiện"
            style={{ width: 200 }}
            value={f.assignee_id ? Number(f.assignee_id) : null}
            onChange={(v: number | null) => update({ assignee_id: v })}
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
          emptyText="Chưa có công việc nào"
        />
      </Card>
    </>
  );
}
