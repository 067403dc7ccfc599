import { ClearOutlined, DownloadOutlined, EditOutlined, EyeOutlined, FileWordOutlined, PlusOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { truncateWords } from '@qlcv/common/format/text';
import type { ContractTemplate } from '@qlcv/common/schemas/contract-templates';
import { Button, Card, Empty, Select, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
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
import { useContractTemplates, useExportContractTemplates, useTemplateDownloads } from '../api/contract-templates-api';
import { DeleteContractTemplateButton } from '../components/delete-contract-template-button';

const FILTERS = ['active'] as const;
const ACTIVE_OPTIONS = [
  { value: '1', label: 'Đang sử dụng' },
  { value: '0', label: 'Ngừng sử dụng' },
];

/** Contract templates: search, filter by use, the .docx downloads; writing needs settings.edit. */
export default function ContractTemplateListPage() {
  const navigate = useNavigate();
  const { params, update, filtered, clear } = useListParams({ sort: 'name', filters: FILTERS });
  const templates = useContractTemplates(toQuery(params));
  const exporter = useExportContractTemplates();
  const downloads = useTemplateDownloads();
  const canEdit = useCan(['settings.edit']);

  const columns: TableColumnsType<ContractTemplate> = [
    {
      key: 'code',
      title: 'Mã',
      dataIndex: 'code',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      key: 'name',
      title: 'Tên mẫu',
      dataIndex: 'name',
      width: 280,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'name'),
      render: (name: string, t) => (
        <>
          {canEdit ? <Link to={urlFor('contract_templates.edit', { id: t.id })}>{name}</Link> : name}
          {t.description && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {truncateWords(t.description)}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      key: 'file',
      title: 'Tệp mẫu',
      width: 230,
      responsive: ['md'],
      render: (_, t) =>
        t.file ? (
          <Space size={6}>
            <FileWordOutlined style={{ color: '#2b579a' }} />
            <Typography.Text ellipsis style={{ maxWidth: 200 }}>
              {t.file.original_name}
            </Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="warning">Chưa có tệp</Typography.Text>
        ),
    },
    { key: 'placeholders', title: 'Trường trộn', width: 110, align: 'right', render: (_, t) => t.placeholders.length },
    { key: 'contracts_count', title: 'Hợp đồng', dataIndex: 'contracts_count', width: 100, align: 'right' },
    {
      key: 'active',
      title: 'Trạng thái',
      width: 140,
      render: (_, t) => (t.active ? <Tag color="green">Đang sử dụng</Tag> : <Tag>Ngừng sử dụng</Tag>),
    },
    {
      key: 'updated_at',
      title: 'Cập nhật',
      dataIndex: 'updated_at',
      width: 120,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'updated_at'),
      responsive: ['lg'],
      render: (v: string) => formatDate(v),
    },
    {
      key: 'actions',
      title: 'Thao tác',
      fixed: 'right',
      width: canEdit ? 210 : 90,
      render: (_, t) => (
        <Space size={0}>
          {t.file && (
            <Tooltip title="Tải tệp mẫu">
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                aria-label={`Tải tệp mẫu ${t.name}`}
                onClick={() => downloads.file.mutate(t)}
              />
            </Tooltip>
          )}
          {t.file && (
            <Tooltip title="Xem thử (dữ liệu mẫu)">
              <Button
                type="link"
                size="small"
                icon={<EyeOutlined />}
                aria-label={`Xem thử ${t.name}`}
                onClick={() => downloads.preview.mutate(t)}
              />
            </Tooltip>
          )}
          {canEdit && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => navigate(urlFor('contract_templates.edit', { id: t.id }))}
              aria-label={`Sửa mẫu ${t.name}`}
            >
              Sửa
            </Button>
          )}
          {canEdit && <DeleteContractTemplateButton template={t} size="small" />}
        </Space>
      ),
    },
  ];

  const create = canEdit && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(urlFor('contract_templates.create'))}>
      Thêm mẫu hợp đồng
    </Button>
  );
  const sample = (
    <Button icon={<DownloadOutlined />} loading={downloads.sample.isPending} onClick={() => downloads.sample.mutate()}>
      Tải mẫu gợi ý
    </Button>
  );
  const empty = filtered ? (
    <Empty description="Không tìm thấy mẫu hợp đồng nào phù hợp với điều kiện lọc">
      <Button icon={<ClearOutlined />} onClick={clear}>
        Xóa bộ lọc
      </Button>
    </Empty>
  ) : (
    <Empty description="Chưa có mẫu hợp đồng nào. Tải mẫu gợi ý về, sửa trong Word rồi tải lên.">
      <Space>
        {sample}
        {create}
      </Space>
    </Empty>
  );

  return (
    <>
      <PageHeader
        title="Mẫu hợp đồng"
        subtitle="Tệp Word (.docx) có các trường trộn; hợp đồng được in ra từ mẫu với dữ liệu của hợp đồng, khách hàng và công ty."
        extra={
          <>
            {sample}
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
          <SearchInput value={params.search} onSearch={(search) => update({ search })} placeholder="Tìm theo mã, tên mẫu" />
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
        <ServerTable<ContractTemplate>
          query={templates}
          columns={columns}
          params={params}
          update={update}
          noun="mẫu hợp đồng"
          empty={empty}
          scrollX={1300}
        />
      </Card>
    </>
  );
}
