import { EditOutlined } from '@ant-design/icons';
import type { Process } from '@qlcv/common/schemas/processes';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter, ActiveTag } from '@/components/active-tag';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportProcesses, useProcesses } from '../api/processes-api';
import { DeleteProcessButton } from '../components/delete-process-button';
import { formatHours } from '../components/hours';

const FILTERS = ['active'] as const;

/** Processes: search, in-use filter, sortable paged table with step count and total SLA, export. */
export default function ProcessListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const { params, update } = list;
  const processes = useProcesses(toQuery(params));
  const exporter = useExportProcesses();
  const canCreate = useCan(['processes.create']);
  const canShow = useCan(['processes.show', 'processes.edit']);
  const canEdit = useCan(['processes.edit']);

  const columns: TableColumnsType<Process> = [
    {
      key: 'code',
      title: 'Mã',
      dataIndex: 'code',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
    },
    {
      key: 'name',
      title: 'Tên quy trình',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, p) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {canShow ? <Link to={urlFor('processes.show', { id: p.id })}>{p.name}</Link> : p.name}
          {p.description && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: p.description }}>
              {p.description}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { key: 'steps', title: 'Số bước', dataIndex: 'steps_count', width: 90, align: 'right' },
    {
      key: 'sla',
      title: 'Tổng thời hạn',
      width: 170,
      align: 'right',
      responsive: ['md'],
      render: (_, p) =>
        p.steps_count > 0 ? (
          <span style={{ whiteSpace: 'nowrap' }}>{formatHours(p.total_duration_hours)}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      key: 'types',
      title: 'Loại yêu cầu',
      dataIndex: 'request_types_count',
      width: 120,
      align: 'right',
      responsive: ['lg'],
    },
    { key: 'active', title: 'Trạng thái', width: 150, render: (_, p) => <ActiveTag active={p.active} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 140,
            render: (_: unknown, p: Process) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('processes.edit', { id: p.id }))}
                  aria-label={`Sửa quy trình ${p.name}`}
                >
                  Sửa
                </Button>
                <DeleteProcessButton process={p} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Process>
      title="Quy trình"
      subtitle="Quy trình nghiệp vụ và các bước xử lý yêu cầu của khách hàng."
      list={list}
      query={processes}
      columns={columns}
      noun="quy trình"
      scrollX={900}
      exporter={exporter}
      create={canCreate && { label: 'Thêm quy trình', to: urlFor('processes.create') }}
      search={{ placeholder: 'Tìm theo tên, mã quy trình' }}
      filters={<ActiveFilter value={params.filters.active} onChange={(active) => update({ active })} width={180} />}
      emptyText="Chưa có quy trình nào"
    />
  );
}
