import { ClearOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Unit } from '@qlcv/common/schemas/units';
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
import { ActiveTag } from '@/features/request-types/components/request-type-tags';
import { urlFor } from '@/lib/routes';
import { useExportUnits, useUnits } from '../api/units-api';
import { DeleteUnitButton } from '../components/delete-unit-button';

const FILTERS = ['active'] as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Đang sử dụng' },
  { value: 'false', label: 'Ngừng sử dụng' },
];

/** Units of measure (settings.edit only, as the route): search, in-use filter, sortable table, export. */
export default function UnitListPage() {
  const navigate = useNavigate();
  const { params, update, filtered, clear } = useListParams({ sort: 'code', filters: FILTERS });
  const units = useUnits(toQuery(params));
  const exporter = useExportUnits();

  const columns: TableColumnsType<Unit> = [
    { key: 'code', title: 'Mã', dataIndex: 'code', width: 140, sorter: true, sortOrder: sortOrderOf(params.sort, 'code') },
    {
      key: 'name',
      title: 'Tên đơn vị tính',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, u) => <Link to={urlFor('settings.units.edit', { id: u.id })}>{u.name}</Link>,
    },
    {
      key: 'description',
      title: 'Mô tả',
      responsive: ['md'],
      render: (_, u) => u.description ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
    { key: 'services', title: 'Số dịch vụ', dataIndex: 'services_count', width: 110, align: 'right' },
    { key: 'active', title: 'Trạng thái', width: 150, render: (_, u) => <ActiveTag active={u.active} /> },
    {
      key: 'actions',
      title: 'Thao tác',
      width: 140,
      render: (_, u) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => navigate(urlFor('settings.units.edit', { id: u.id }))}
            aria-label={`Sửa đơn vị tính ${u.name}`}
          >
            Sửa
          </Button>
          <DeleteUnitButton unit={u} size="small" />
        </Space>
      ),
    },
  ];

  const create = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urlFor('settings.units.create'))}>
      Thêm đơn vị tính
    </Button>
  );
  const empty = filtered ? (
    <Empty description="Không tìm thấy đơn vị tính nào phù hợp với điều kiện lọc">
      <Button icon={<ClearOutlined />} onClick={clear}>
        Xóa bộ lọc
      </Button>
    </Empty>
  ) : (
    <Empty description="Chưa có đơn vị tính nào">{create}</Empty>
  );

  return (
    <>
      <PageHeader
        title="Đơn vị tính"
        subtitle="Đơn vị tính dùng cho dịch vụ và hợp đồng (mẫu, lần, điểm, ngày công…)."
        extra={
          <>
            <Button
              icon={<DownloadOutlined />}
              loading={exporter.isPending}
              onClick={() => exporter.mutate(toExportQuery(params))}
            >
              Xuất Excel
            </Button>
            {create}
          </>
        }
      />
      <Card>
        <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
          <SearchInput value={params.search} onSearch={(search) => update({ search })} placeholder="Tìm theo mã, tên" />
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 170 }}
            options={ACTIVE_OPTIONS}
            value={params.filters.active}
            onChange={(v?: string) => update({ active: v ?? null })}
          />
          {filtered && <ClearFiltersLink onClick={clear} />}
        </Space>
        <ServerTable<Unit>
          query={units}
          columns={columns}
          params={params}
          update={update}
          noun="đơn vị tính"
          empty={empty}
          scrollX={800}
        />
      </Card>
    </>
  );
}
