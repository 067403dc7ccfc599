import { EditOutlined } from '@ant-design/icons';
import type { RequestType } from '@qlcv/common/schemas/request-types';
import { Button, Grid, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter, ActiveTag } from '@/components/active-tag';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportRequestTypes, useRequestTypes } from '../api/request-types-api';
import { DeleteRequestTypeButton } from '../components/delete-request-type-button';
import { ProcessSelect } from '../components/process-select';
import { PUBLIC_LABELS, PublicTag } from '../components/request-type-tags';

const FILTERS = ['is_public', 'active', 'process_id'] as const;
const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Request types: search, filters public / in use / process, sortable paged table, export. */
export default function RequestTypeListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const { params, update } = list;
  const types = useRequestTypes(toQuery(params));
  const exporter = useExportRequestTypes();
  const canCreate = useCan(['request_types.create']);
  const canShow = useCan(['request_types.show', 'request_types.edit']);
  const canEdit = useCan(['request_types.edit']);
  const canOpenProcess = useCan(['processes.show', 'processes.edit']);
  const canListProcesses = useCan(['processes.index', 'request_types.create', 'request_types.edit']);
  // Below the widest screens the service group reads under the name instead of in its own column.
  const screens = Grid.useBreakpoint();

  const columns: TableColumnsType<RequestType> = [
    {
      key: 'code',
      title: 'Mã',
      dataIndex: 'code',
      width: 110,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
    },
    {
      key: 'name',
      title: 'Tên loại yêu cầu',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, t) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {canShow ? <Link to={urlFor('request_types.show', { id: t.id })}>{t.name}</Link> : t.name}
          {t.service_group && !screens.xxl && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t.service_group}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'service_group',
      title: 'Nhóm dịch vụ',
      width: 170,
      responsive: ['xxl'],
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'service_group'),
      render: (_, t) => t.service_group ?? dash,
    },
    {
      key: 'process',
      title: 'Quy trình xử lý',
      width: 210,
      responsive: ['md'],
      render: (_, t) =>
        t.process ? (
          <span>
            {canOpenProcess ? <Link to={urlFor('processes.show', { id: t.process.id })}>{t.process.name}</Link> : t.process.name}
            {!t.process.active && (
              <Typography.Text type="warning" style={{ display: 'block', fontSize: 12 }}>
                Quy trình đã ngừng sử dụng
              </Typography.Text>
            )}
          </span>
        ) : (
          dash
        ),
    },
    { key: 'public', title: 'Hiển thị', width: 120, render: (_, t) => <PublicTag isPublic={t.is_public} /> },
    { key: 'active', title: 'Trạng thái', width: 145, render: (_, t) => <ActiveTag active={t.active} /> },
    { key: 'requests', title: 'Số yêu cầu', dataIndex: 'requests_count', width: 105, align: 'right', responsive: ['xxl'] },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 140,
            render: (_: unknown, t: RequestType) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('request_types.edit', { id: t.id }))}
                  aria-label={`Sửa loại yêu cầu ${t.name}`}
                >
                  Sửa
                </Button>
                <DeleteRequestTypeButton requestType={t} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<RequestType>
      title="Loại yêu cầu"
      subtitle="Các loại yêu cầu khách hàng gửi tới, quy trình xử lý và việc hiển thị trên trang công khai."
      list={list}
      query={types}
      columns={columns}
      noun="loại yêu cầu"
      scrollX={1000}
      exporter={exporter}
      create={canCreate && { label: 'Thêm loại yêu cầu', to: urlFor('request_types.create') }}
      search={{ placeholder: 'Tìm theo tên, mã, nhóm dịch vụ' }}
      filters={
        <>
          <Select
            aria-label="Lọc theo hiển thị công khai"
            placeholder="Công khai"
            allowClear
            style={{ width: 150 }}
            options={[
              { value: 'true', label: PUBLIC_LABELS.true },
              { value: 'false', label: PUBLIC_LABELS.false },
            ]}
            value={params.filters.is_public}
            onChange={(v?: string) => update({ is_public: v ?? null })}
          />
          <ActiveFilter value={params.filters.active} onChange={(active) => update({ active })} />
          {canListProcesses && (
            <ProcessSelect
              aria-label="Lọc theo quy trình"
              placeholder="Quy trình"
              style={{ width: 240 }}
              value={params.filters.process_id ? Number(params.filters.process_id) : null}
              onChange={(v) => update({ process_id: v })}
            />
          )}
        </>
      }
      emptyText="Chưa có loại yêu cầu nào"
    />
  );
}
