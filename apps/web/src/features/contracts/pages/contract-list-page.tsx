import { WarningOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { formatVnd } from '@qlcv/common/format/number';
import { CONTRACT_STATUS_LABELS, CONTRACT_STATUSES, type Contract } from '@qlcv/common/schemas/contracts';
import { Checkbox, DatePicker, Select, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ContractSums } from '@/components/contract-sums';
import { ContractEndDate, ContractStatusTag, DateOrDash } from '@/components/contract-tags';
import { CsvSelect, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useContracts, useCustomerOption, useCustomerOptions, useExportContracts } from '../api/contracts-api';

const FILTERS = ['status', 'customer_id', 'from', 'to', 'expiring'] as const;

/** Contracts: filters by status, customer, signing dates and "Sắp hết hạn"; the value of the filtered ones below. */
export default function ContractListPage() {
  const list = useListParams({ sort: '-created_at', filters: FILTERS });
  const { params, update, filtered } = list;
  const contracts = useContracts(toQuery(params));
  const exporter = useExportContracts();
  const canCreate = useCan(['contracts.create']);
  const f = params.filters;

  const columns: TableColumnsType<Contract> = [
    {
      key: 'number',
      title: 'Số hợp đồng',
      width: 150,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'number'),
      render: (_, c) => (
        <Link to={urlFor('contracts.show', { id: c.id })} style={{ whiteSpace: 'nowrap' }}>
          {c.number}
        </Link>
      ),
    },
    {
      key: 'title',
      title: 'Tên hợp đồng',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'title'),
      render: (_, c) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{c.title}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.customer.name} ({c.customer.code})
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 125,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, c) => <ContractStatusTag status={c.status} />,
    },
    {
      key: 'signed_date',
      title: 'Ngày ký',
      width: 105,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'signed_date'),
      render: (_, c) => <DateOrDash value={c.signed_date} />,
    },
    {
      key: 'end_date',
      title: 'Thời hạn',
      width: 215,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'end_date'),
      render: (_, c) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {formatDate(c.start_date)} – <ContractEndDate contract={c} />
        </span>
      ),
    },
    {
      key: 'total',
      title: 'Tổng giá trị',
      width: 140,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'total'),
      render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(c.total)}</span>,
    },
  ];

  const sums = contracts.data?.meta.sums;
  const total = contracts.data?.meta.total ?? 0;

  return (
    <ListPage<Contract>
      title="Hợp đồng"
      subtitle="Hợp đồng dịch vụ với khách hàng: giá trị, thời hạn và tình trạng."
      list={list}
      query={contracts}
      columns={columns}
      noun="hợp đồng"
      scrollX={980}
      exporter={exporter}
      create={canCreate && { label: 'Tạo hợp đồng', to: urlFor('contracts.create') }}
      search={{ placeholder: 'Tìm theo số, tên hợp đồng, khách hàng', width: 300 }}
      filters={
        <>
          <CsvSelect
            placeholder="Trạng thái"
            width={220}
            options={CONTRACT_STATUSES.map((s) => ({ value: s, label: CONTRACT_STATUS_LABELS[s] }))}
            value={f.status}
            onChange={(v) => update({ status: v })}
          />
          <CustomerFilter value={f.customer_id} onChange={(v) => update({ customer_id: v })} />
          <DatePicker.RangePicker
            aria-label="Lọc theo ngày ký"
            format="DD/MM/YYYY"
            placeholder={['Ký từ ngày', 'đến ngày']}
            allowEmpty={[true, true]}
            value={[f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null]}
            onChange={(range) =>
              update({
                from: range?.[0] ? range[0].format('YYYY-MM-DD') : null,
                to: range?.[1] ? range[1].format('YYYY-MM-DD') : null,
              })
            }
          />
          <Checkbox checked={f.expiring === '1'} onChange={(e) => update({ expiring: e.target.checked ? '1' : null })}>
            <WarningOutlined style={{ color: '#faad14' }} /> Sắp hết hạn (30 ngày)
          </Checkbox>
        </>
      }
      emptyText="Chưa có hợp đồng nào"
      footer={sums && total > 0 && <ContractSums sums={sums} scope={filtered ? 'theo bộ lọc' : undefined} />}
    />
  );
}

/** The customer filter: search as you type; the chosen customer keeps its label. */
function CustomerFilter({ value, onChange }: { value: string | undefined; onChange: (v: number | null) => void }) {
  const [search, setSearch] = useState('');
  const options = useCustomerOptions(search);
  const chosen = useCustomerOption(value ? Number(value) : null);
  const list = useMemo(() => {
    const rows = (options.data ?? []).map((c) => ({ value: c.id, label: `${c.name} (${c.code})` }));
    const c = chosen.data;
    if (c && !rows.some((o) => o.value === c.id)) rows.unshift({ value: c.id, label: `${c.name} (${c.code})` });
    return rows;
  }, [options.data, chosen.data]);
  return (
    <Select
      allowClear
      aria-label="Lọc theo khách hàng"
      placeholder="Khách hàng"
      style={{ width: 240 }}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={options.isFetching}
      options={list}
      value={value ? Number(value) : undefined}
      onChange={(v: number | undefined) => onChange(v ?? null)}
      notFoundContent={options.isError ? 'Không tải được danh sách khách hàng' : 'Không có khách hàng phù hợp'}
    />
  );
}
