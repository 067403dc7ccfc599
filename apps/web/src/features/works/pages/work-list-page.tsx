import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { PRIORITY_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { PRIORITIES } from '@qlcv/common/schemas/requests';
import { WORK_STATUSES } from '@qlcv/common/schemas/works';
import { Button, Card, Checkbox, Space } from 'antd';
import { useNavigate } from 'react-router';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { ClearFiltersLink, CsvSelect, SearchInput, toExportQuery, toQuery, useListParams } from '@/components/list-controls';
import { PageHeader } from '@/components/page-header';
import { UserSelect } from '@/components/user-select';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportWorks, useWorks } from '../api/works-api';
import { WorkTable } from '../components/work-table';

const FILTERS = ['status', 'priority', 'department_id', 'assignee_id', 'overdue'] as const;

/** Works of the department (`works.department`) or the company (`works.all`): filters, search, export. */
export default function WorkListPage() {
  const navigate = useNavigate();
  const { params, update, filtered, clear } = useListParams({ sort: '-created_at', filters: FILTERS });
  const works = useWorks(toQuery(params));
  const exporter = useExportWorks();
  const canCreate = useCan(['works.create']);
  const f = params.filters;
  const exportQuery = toExportQuery(params);

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
          <CsvSelect
            placeholder="Trạng thái"
            width={220}
            options={WORK_STATUSES.map((s) => ({ value: s, label: WORK_STATUS_LABELS[s] }))}
            value={f.status}
            onChange={(v) => update({ status: v })}
          />
          <CsvSelect
            placeholder="Mức ưu tiên"
            width={180}
            options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={f.priority}
            onChange={(v) => update({ priority: v })}
          />
          <DepartmentTreeSelect
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
          <Checkbox
            checked={f.overdue === 'true' || f.overdue === '1'}
            onChange={(e) => update({ overdue: e.target.checked ? 'true' : null })}
          >
            Quá hạn
          </Checkbox>
          {filtered && <ClearFiltersLink onClick={clear} />}
        </Space>
        <WorkTable
          query={works}
          params={params}
          update={update}
          filtered={filtered}
          onClear={clear}
          emptyText="Chưa có công việc nào"
        />
      </Card>
    </>
  );
}
