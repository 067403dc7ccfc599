import { DownloadOutlined, EditOutlined, EyeOutlined, FileWordOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { truncateWords } from '@qlcv/common/format/text';
import { type ContractTemplate, TEMPLATE_KIND_LABELS, TEMPLATE_KINDS } from '@qlcv/common/schemas/contract-templates';
import { Button, Select, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { CreateButton, ListPage } from '@/components/list-page';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useContractTemplates, useExportContractTemplates, useTemplateDownloads } from '../api/contract-templates-api';
import { DeleteContractTemplateButton } from '../components/delete-contract-template-button';

const FILTERS = ['active', 'kind'] as const;
const KIND_OPTIONS = TEMPLATE_KINDS.map((k) => ({ value: k, label: TEMPLATE_KIND_LABELS[k] }));
const ACTIVE_OPTIONS = [
  { value: '1', label: 'Đang sử dụng' },
  { value: '0', label: 'Ngừng sử dụng' },
];

/** Contract templates: search, filter by use, the .docx downloads; writing needs settings.edit. */
export default function ContractTemplateListPage() {
  const navigate = useNavigate();
  const list = useListParams({ sort: 'name', filters: FILTERS });
  const { params, update } = list;
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
      key: 'kind',
      title: 'Loại mẫu',
      width: 200,
      render: (_, t) =>
        t.kind === 'test_report' ? <Tag color="blue">{TEMPLATE_KIND_LABELS.test_report}</Tag> : TEMPLATE_KIND_LABELS.contract,
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
    {
      key: 'contracts_count',
      title: 'Hợp đồng',
      width: 100,
      align: 'right',
      render: (_, t) => (t.kind === 'contract' ? t.contracts_count : '—'),
    },
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

  const sample = (
    <Button icon={<DownloadOutlined />} loading={downloads.sample.isPending} onClick={() => downloads.sample.mutate()}>
      Tải mẫu gợi ý
    </Button>
  );
  const create = canEdit && { label: 'Thêm mẫu hợp đồng', to: urlFor('contract_templates.create') };

  return (
    <ListPage<ContractTemplate>
      title="Mẫu hợp đồng"
      subtitle="Tệp Word (.docx) có các trường trộn: mẫu hợp đồng (in hợp đồng) và mẫu phiếu kết quả thử nghiệm (in phiếu khi ký phát hành)."
      list={list}
      query={templates}
      columns={columns}
      noun="mẫu hợp đồng"
      scrollX={1500}
      leadActions={sample}
      exporter={exporter}
      create={create}
      search={{ placeholder: 'Tìm theo mã, tên mẫu' }}
      filters={
        <>
          <Select
            aria-label="Lọc theo loại mẫu"
            placeholder="Loại mẫu"
            allowClear
            style={{ width: 220 }}
            options={KIND_OPTIONS}
            value={params.filters.kind}
            onChange={(v?: string) => update({ kind: v ?? null })}
          />
          <Select
            aria-label="Lọc theo trạng thái"
            placeholder="Trạng thái"
            allowClear
            style={{ width: 170 }}
            options={ACTIVE_OPTIONS}
            value={params.filters.active}
            onChange={(v?: string) => update({ active: v ?? null })}
          />
        </>
      }
      emptyText="Chưa có mẫu hợp đồng nào. Tải mẫu gợi ý về, sửa trong Word rồi tải lên."
      emptyActions={
        <Space>
          {sample}
          {create && <CreateButton {...create} />}
        </Space>
      }
    />
  );
}
