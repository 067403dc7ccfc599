import { EditOutlined } from '@ant-design/icons';
import type { Unit } from '@qlcv/common/schemas/units';
import { Button, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter, ActiveTag } from '@/components/active-tag';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { urlFor } from '@/lib/routes';
import { useExportUnits, useUnits } from '../api/units-api';
import { DeleteUnitButton } from '../components/delete-unit-button';

const FILTERS = ['active'] as const;

/** Units of measure (settings.edit only, as the route): search, in-use filter, sortable table, export. */
export default function UnitListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'code', filters: FILTERS });
  const { params, update } = list;
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

  return (
    <ListPage<Unit>
      title="Đơn vị tính"
      subtitle="Đơn vị tính dùng cho dịch vụ và hợp đồng (mẫu, lần, điểm, ngày công…)."
      list={list}
      query={units}
      columns={columns}
      noun="đơn vị tính"
      scrollX={800}
      exporter={exporter}
      create={{ label: 'Thêm đơn vị tính', to: urlFor('settings.units.create') }}
      search={{ placeholder: 'Tìm theo mã, tên' }}
      filters={<ActiveFilter value={params.filters.active} onChange={(active) => update({ active })} />}
      emptyText="Chưa có đơn vị tính nào"
    />
  );
}
