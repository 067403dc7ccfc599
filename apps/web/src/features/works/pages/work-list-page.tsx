import { PRIORITY_LABELS, WORK_STATUS_LABELS } from '@qlcv/common/labels';
import { PRIORITIES } from '@qlcv/common/schemas/requests';
import { WORK_STATUSES, type Work } from '@qlcv/common/schemas/works';
import { Checkbox } from 'antd';
import { DepartmentTreeSelect } from '@/components/department-tree-select';
import { CsvSelect, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { UserSelect } from '@/components/user-select';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportWorks, useWorks } from '../api/works-api';
import { workColumns } from '../components/work-table';

const FILTERS = ['status', 'priority', 'department_id', 'assignee_id', 'overdue'] as const;

/** Works of the department (`works.department`) or the company (`works.all`): filters, search, export. */
export default function WorkListPage() {
  const list = useListParams({ sort: '-created_at', filters: FILTERS });
  const { params, update } = list;
  const works = useWorks(toQuery(params));
  const exporter = useExportWorks();
  const canCreate = useCan(['works.create']);
  const f = params.filters;

  return (
    <ListPage<Work>
      title="Danh sách công việc"
      subtitle="Công việc của phòng ban hoặc toàn công ty: người thực hiện, hạn hoàn thành, tiến độ."
      list={list}
      query={works}
      columns={workColumns(params)}
      noun="công việc"
      scrollX={900}
      exporter={exporter}
      create={canCreate && { label: 'Thêm công việc', to: urlFor('works.create') }}
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
        </>
      }
      emptyText="Chưa có công việc nào"
    />
  );
}
