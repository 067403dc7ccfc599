import { ClearOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Process } from '@qlcv/common/schemas/processes';
import { Button, Card, Empty, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import {
  ClearFiltersLink,
  SearchInput,
  ServerTable,
  sortOrderOf,
  toExportQuery,
  toQuery,
  useListParams,
} from '@/components/list-controls';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportProcesses, useProcesses } from '../api/processes-api';
import { DeleteProcessButton } from '../components/delete-process-button';
import { formatHours } from '../components/hours';
import { ACTIVE_LABELS, ProcessStatusTag } from '../components/process-status-tag';

const FILTERS = ['active'] as const;

/** Processes: search, in-use filter, sortable paged table with step count and total SLA, export. */
export default function ProcessListPage() {
  const navigate = useNavigate();
  const { params, update, filtered, clear } = useListParams({ sort: 'name', filters: FILTERS });
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
    { key: 'active', title: 'Trạng thái', width: 150, render: (_, p) => <ProcessStatusTag active={p.active} /> },
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

  const empty = filtered ? (
    <Empty description="Không tìm thấy quy trình nào phù hợp với điều kiện lọc">
      <Button icon={<ClearOutlined />} onClick={clear}>
        Xóa bộ lọc
      </Button>
    </Empty>
  ) : (
    <Empty description="Chưa có quy trình nào">
      {canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urlFor('processes.create'))}>
          Thêm quy trình
        </Button>
      )}
    </Empty>
  );

  const exportQuery = toExportQuery(params);

  return (
    <>
      <PageHeader
        title="Quy trình"
        subtitle="Quy trình nghiệp vụ và các bước xử lý yêu cầu của khách hàng."
        extra={
          <>
            <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate(exportQuery)}>
              Xuất Excel
            </Button>
            {canCreate && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urlFor('processes.create'))}>
                Thêm quy trình
              </Button>
            )}
          </>
        }
      />
      <Card>
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <SearchInput value={params.search} onSearch={(search) => update({ search })} placeholder="Tìm theo tên, mã quy trình" />
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 180 }}
            options={[
              { value: 'true', label: ACTIVE_LABELS.true },
              { value: 'false', label: ACTIVE_LABELS.false },
            ]}
            value={params.filters.active}
            onChange={(v?: string) => update({ active: v ?? null })}
          />
          {filtered && <ClearFiltersLink onClick={clear} />}
        </Space>
        <ServerTable<Process>
          query={processes}
          columns={columns}
          params={params}
          update={update}
          noun="quy trình"
          empty={empty}
          scrollX={900}
        />
      </Card>
    </>
  );
}
