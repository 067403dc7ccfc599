import { EditOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import type { Site } from '@qlcv/common/schemas/sites';
import { Button, Select, Space, type TableColumnsType, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { ActiveFilter } from '@/components/active-tag';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { ProvinceSelect } from '@/features/customers';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useExportSites, useSites } from '../api/sites-api';
import { CustomerSelect } from '../components/customer-select';
import { DeleteSiteButton } from '../components/delete-site-button';
import { MEDIUM_OPTIONS, MediumTag } from '../components/site-labels';

const FILTERS = ['customer_id', 'province', 'medium', 'active'] as const;
const dash = <Typography.Text type="secondary">—</Typography.Text>;

/** Customers' monitored sites: search, filters by customer / province / medium / monitoring, export. */
export default function SiteListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'code', filters: FILTERS });
  const { params, update } = list;
  const sites = useSites(toQuery(params));
  const exporter = useExportSites();
  const canCreate = useCan(['monitoring.create']);
  const canShow = useCan(['monitoring.show', 'monitoring.edit']);
  const canEdit = useCan(['monitoring.edit']);
  const f = params.filters;

  const columns: TableColumnsType<Site> = [
    {
      key: 'code',
      title: 'Mã',
      dataIndex: 'code',
      width: 100,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
    },
    {
      key: 'name',
      title: 'Tên cơ sở',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {canShow ? <Link to={urlFor('monitoring.sites.show', { id: s.id })}>{s.name}</Link> : s.name}
          {(s.address || s.province) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[s.address, s.province].filter(Boolean).join(', ')}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'customer',
      title: 'Khách hàng',
      width: 170,
      render: (_, s) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{s.customer.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.customer.code}
          </Typography.Text>
        </span>
      ),
    },
    // Also under the name: shown apart on wide screens only.
    { key: 'province', title: 'Tỉnh/thành', width: 120, responsive: ['xxl'], render: (_, s) => s.province ?? dash },
    {
      key: 'permit',
      title: 'Giấy phép môi trường',
      width: 140,
      responsive: ['lg'],
      render: (_, s) =>
        s.permit_number || s.permit_date ? (
          <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
            <span>{s.permit_number ?? dash}</span>
            {s.permit_date && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                ngày {formatDate(s.permit_date)}
              </Typography.Text>
            )}
          </span>
        ) : (
          dash
        ),
    },
    {
      key: 'points',
      title: 'Điểm quan trắc',
      width: 150,
      render: (_, s) =>
        s.points_count === 0 ? (
          <Typography.Text type="secondary">Chưa có điểm</Typography.Text>
        ) : (
          <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4, alignItems: 'center' }}>
            <span style={{ marginInlineEnd: 4 }}>{s.points_count} điểm</span>
            {s.media.map((m) => (
              <MediumTag key={m} medium={m} />
            ))}
          </span>
        ),
    },
    {
      key: 'active',
      title: 'Đang theo dõi',
      width: 90,
      render: (_, s) => (s.active ? 'Có' : <Typography.Text type="secondary">Không</Typography.Text>),
    },
    ...(canEdit
      ? [
          {
            key: 'actions',
            title: 'Thao tác',
            width: 120,
            render: (_: unknown, s: Site) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => navigate(urlFor('monitoring.sites.edit', { id: s.id }))}
                  aria-label={`Sửa cơ sở ${s.name}`}
                >
                  Sửa
                </Button>
                <DeleteSiteButton site={s} size="small" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <ListPage<Site>
      title="Cơ sở quan trắc"
      subtitle="Cơ sở của khách hàng được quan trắc: giấy phép môi trường, điểm quan trắc và kế hoạch của từng điểm."
      list={list}
      query={sites}
      columns={columns}
      noun="cơ sở"
      scrollX={930}
      exporter={exporter}
      create={canCreate && { label: 'Thêm cơ sở', to: urlFor('monitoring.sites.create') }}
      search={{ placeholder: 'Tìm theo mã, tên cơ sở, địa chỉ, số giấy phép', width: 320 }}
      filters={
        <>
          <CustomerSelect
            aria-label="Lọc theo khách hàng"
            placeholder="Khách hàng"
            allowClear
            style={{ width: 240 }}
            value={f.customer_id ? Number(f.customer_id) : null}
            onChange={(v) => update({ customer_id: v ? String(v) : null })}
          />
          <ProvinceSelect
            aria-label="Lọc theo tỉnh/thành phố"
            placeholder="Tỉnh/thành phố"
            style={{ width: 200 }}
            value={f.province ?? null}
            onChange={(v) => update({ province: v })}
          />
          <Select
            aria-label="Lọc theo thành phần môi trường"
            placeholder="Thành phần môi trường"
            allowClear
            style={{ width: 210 }}
            options={MEDIUM_OPTIONS}
            value={f.medium}
            onChange={(v?: string) => update({ medium: v ?? null })}
          />
          <ActiveFilter value={f.active} onChange={(v) => update({ active: v })} />
        </>
      }
      emptyText="Chưa có cơ sở quan trắc nào. Thêm cơ sở của khách hàng cùng các điểm quan trắc theo giấy phép môi trường."
    />
  );
}
