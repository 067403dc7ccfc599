import { EditOutlined, UploadOutlined } from '@ant-design/icons';
import { formatVnd } from '@qlcv/common/format/number';
import type { Service } from '@qlcv/common/schemas/services';
import { Button, Grid, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter, ActiveTag } from '@/components/active-tag';
import { CsvSelect, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { CreateButton, ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportServices, useServiceGroups, useServices } from '../api/services-api';
import { DeleteServiceButton } from '../components/delete-service-button';
import { ImportServicesDialog } from '../components/import-services-dialog';
import { VAT_OPTIONS, VatTag } from '../components/service-labels';

const FILTERS = ['group', 'vat_rate', 'active'] as const;

/** The service catalogue: read by everyone signed in; add, edit, import and delete with settings.edit. */
export default function ServiceListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'code', filters: FILTERS });
  const { params, update } = list;
  const services = useServices(toQuery(params));
  const groups = useServiceGroups();
  const exporter = useExportServices();
  const canEdit = useCan(['settings.edit']);
  const [importing, setImporting] = useState(false);
  // Below the widest screens the group reads under the name instead of in its own column.
  const screens = Grid.useBreakpoint();

  const columns: TableColumnsType<Service> = [
    { key: 'code', title: 'Mã', dataIndex: 'code', width: 120, sorter: true, sortOrder: sortOrderOf(params.sort, 'code') },
    {
      key: 'name',
      title: 'Tên dịch vụ',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {canEdit ? <Link to={urlFor('master_data.edit', { id: s.id })}>{s.name}</Link> : s.name}
          {!screens.xxl && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.group}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'group',
      title: 'Nhóm',
      dataIndex: 'group',
      width: 190,
      responsive: ['xxl'],
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'group'),
    },
    {
      key: 'unit_price',
      title: 'Đơn giá',
      width: 150,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'unit_price'),
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {formatVnd(s.unit_price)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            / {s.unit.name}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'vat',
      title: 'Thuế suất VAT',
      width: 210,
      render: (_, s) => <VatTag rate={s.vat_rate} reducible={s.vat_reducible} />,
    },
    { key: 'active', title: 'Trạng thái', width: 145, render: (_, s) => <ActiveTag active={s.active} /> },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 140,
            render: (_: unknown, s: Service) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('master_data.edit', { id: s.id }))}
                  aria-label={`Sửa dịch vụ ${s.name}`}
                >
                  Sửa
                </Button>
                <DeleteServiceButton service={s} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const importButton = canEdit && (
    <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
      Nhập Excel
    </Button>
  );
  const create = canEdit && { label: 'Thêm dịch vụ', to: urlFor('master_data.create') };

  return (
    <ListPage<Service>
      title="Danh mục dịch vụ"
      subtitle="Dịch vụ của công ty: nhóm, đơn vị tính, đơn giá và thuế suất VAT, dùng để lập hợp đồng."
      list={list}
      query={services}
      columns={columns}
      noun="dịch vụ"
      scrollX={950}
      exporter={exporter}
      actions={importButton}
      create={create}
      search={{ placeholder: 'Tìm theo mã, tên, nhóm' }}
      filters={
        <>
          <Select
            aria-label="Lọc theo nhóm"
            placeholder="Nhóm dịch vụ"
            allowClear
            showSearch
            style={{ width: 220 }}
            options={(groups.data ?? []).map((g) => ({ value: g, label: g }))}
            value={params.filters.group}
            onChange={(v?: string) => update({ group: v ?? null })}
          />
          <CsvSelect
            placeholder="Thuế suất"
            options={VAT_OPTIONS}
            value={params.filters.vat_rate}
            onChange={(v) => update({ vat_rate: v })}
            width={200}
          />
          <ActiveFilter value={params.filters.active} onChange={(active) => update({ active })} />
        </>
      }
      emptyText="Chưa có dịch vụ nào trong danh mục"
      emptyActions={
        create && (
          <Space>
            <CreateButton {...create} />
            <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
              Nhập từ Excel
            </Button>
          </Space>
        )
      }
    >
      {canEdit && <ImportServicesDialog open={importing} onClose={() => setImporting(false)} />}
    </ListPage>
  );
}
