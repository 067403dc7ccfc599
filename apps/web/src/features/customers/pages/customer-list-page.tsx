import { EditOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { CUSTOMER_SOURCE_LABELS, CUSTOMER_TYPE_LABELS, type Customer } from '@qlcv/common/schemas/customers';
import { Button, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useCustomers, useExportCustomers } from '../api/customers-api';
import { CustomerSourceTag, CustomerTypeTag } from '../components/customer-type-tag';
import { DeleteCustomerButton } from '../components/delete-customer-button';
import { ProvinceMultiSelect } from '../components/province-select';

const FILTERS = ['type', 'province', 'source'] as const;
const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Customers: accent-insensitive search, filters by type / province / source, sortable paged table, export. */
export default function CustomerListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: '-created_at', filters: FILTERS });
  const { params, update } = list;
  const customers = useCustomers(toQuery(params));
  const exporter = useExportCustomers();
  const canCreate = useCan(['customer.create']);
  const canShow = useCan(['customer.show', 'customer.edit']);
  const canEdit = useCan(['customer.edit']);
  const provinces = params.filters.province ? params.filters.province.split(',') : [];

  const columns: TableColumnsType<Customer> = [
    {
      key: 'code',
      title: 'Mã KH',
      dataIndex: 'code',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
    },
    {
      key: 'name',
      title: 'Tên khách hàng',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, c) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {canShow ? <Link to={urlFor('customers.show', { id: c.id })}>{c.name}</Link> : c.name}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[c.tax_code && `MST ${c.tax_code}`, c.representative].filter(Boolean).join(' · ') || ' '}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'type',
      title: 'Loại',
      width: 115,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'type'),
      render: (_, c) => <CustomerTypeTag type={c.type} />,
    },
    {
      key: 'contact',
      title: 'Liên hệ',
      width: 200,
      responsive: ['md'],
      render: (_, c) =>
        c.phone || c.email ? (
          <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
            {c.phone && <span>{c.phone}</span>}
            {c.email && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis={{ tooltip: c.email }}>
                {c.email}
              </Typography.Text>
            )}
          </span>
        ) : (
          dash
        ),
    },
    { key: 'province', title: 'Tỉnh/thành phố', width: 140, responsive: ['lg'], render: (_, c) => c.province ?? dash },
    { key: 'source', title: 'Nguồn', width: 140, responsive: ['xxl'], render: (_, c) => <CustomerSourceTag source={c.source} /> },
    {
      key: 'created_at',
      title: 'Ngày tạo',
      width: 110,
      responsive: ['xl'],
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'created_at'),
      render: (_, c) => formatDate(c.created_at),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 140,
            render: (_: unknown, c: Customer) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('customers.edit', { id: c.id }))}
                  aria-label={`Sửa khách hàng ${c.name}`}
                >
                  Sửa
                </Button>
                <DeleteCustomerButton customer={c} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Customer>
      title="Khách hàng"
      subtitle="Hồ sơ khách hàng, người liên hệ và các yêu cầu của họ."
      list={list}
      query={customers}
      columns={columns}
      noun="khách hàng"
      scrollX={1060}
      exporter={exporter}
      create={canCreate && { label: 'Thêm khách hàng', to: urlFor('customers.create') }}
      search={{ placeholder: 'Tìm theo tên, mã, MST, SĐT, email', width: 320 }}
      filters={
        <>
          <Select
            aria-label="Lọc theo loại khách hàng"
            placeholder="Loại khách hàng"
            allowClear
            style={{ width: 170 }}
            options={Object.entries(CUSTOMER_TYPE_LABELS).map(([value, label]) => ({ value, label }))}
            value={params.filters.type}
            onChange={(v?: string) => update({ type: v ?? null })}
          />
          <ProvinceMultiSelect
            aria-label="Lọc theo tỉnh/thành phố"
            style={{ width: 240 }}
            value={provinces}
            onChange={(v) => update({ province: v.length > 0 ? v.join(',') : null })}
          />
          <Select
            aria-label="Lọc theo nguồn"
            placeholder="Nguồn"
            allowClear
            style={{ width: 170 }}
            options={Object.entries(CUSTOMER_SOURCE_LABELS).map(([value, label]) => ({ value, label }))}
            value={params.filters.source}
            onChange={(v?: string) => update({ source: v ?? null })}
          />
        </>
      }
      emptyText="Chưa có khách hàng nào"
    />
  );
}
