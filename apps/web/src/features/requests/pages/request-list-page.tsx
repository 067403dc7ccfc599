import { formatDate } from '@qlcv/common/format/date';
import { PRIORITY_LABELS, REQUEST_STATUS_LABELS } from '@qlcv/common/labels';
import { PRIORITIES, REQUEST_STATUSES, type RequestRecord } from '@qlcv/common/schemas/requests';
import { normalizeVi } from '@qlcv/common/vi-text';
import { Checkbox, DatePicker, Select, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { CsvSelect, sortOrderOf, toQuery, useListParams } from '@/components/list-controls';
import { ListPage } from '@/components/list-page';
import { PriorityTag } from '@/components/status-tags';
import { dayjs } from '@/lib/dayjs';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import {
  CUSTOMER_OPTION_KEYS,
  REQUEST_TYPE_OPTION_KEYS,
  useCustomerOptions,
  useExportRequests,
  useRequests,
  useRequestTypeOptions,
} from '../api/requests-api';
import { DueDate, RequestStatusTag } from '../components/request-tags';

const FILTERS = ['status', 'request_type_id', 'priority', 'customer_id', 'from', 'to', 'overdue'] as const;

/** Requests: search, filters (status, type, priority, customer, created between, overdue), sortable paged table, export. */
export default function RequestListPage() {
  const list = useListParams({ sort: '-created_at', filters: FILTERS });
  const { params, update } = list;
  const requests = useRequests(toQuery(params));
  const exporter = useExportRequests();
  const canCreate = useCan(['requests.create']);
  const canShow = useCan(['requests.show', 'requests.edit']);
  const canTypes = useCan(REQUEST_TYPE_OPTION_KEYS);
  const canCustomers = useCan(CUSTOMER_OPTION_KEYS);
  const types = useRequestTypeOptions(canTypes);
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useCustomerOptions(customerSearch, canCustomers);
  const f = params.filters;

  const customerOptions = useMemo(() => {
    const list = (customers.data ?? []).map((c) => ({ value: String(c.id), label: c.name }));
    if (f.customer_id && !list.some((o) => o.value === f.customer_id)) {
      const known = requests.data?.data.find((r) => String(r.customer_id) === f.customer_id)?.customer;
      list.unshift({ value: f.customer_id, label: known?.name ?? `Khách hàng #${f.customer_id}` });
    }
    return list;
  }, [customers.data, f.customer_id, requests.data]);

  const columns: TableColumnsType<RequestRecord> = [
    {
      key: 'code',
      title: 'Mã yêu cầu',
      width: 125,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'code'),
      render: (_, r) => (canShow ? <Link to={urlFor('requests.show', { id: r.id })}>{r.code}</Link> : r.code),
    },
    {
      key: 'title',
      title: 'Tiêu đề',
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'title'),
      render: (_, r) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          {canShow ? <Link to={urlFor('requests.show', { id: r.id })}>{r.title}</Link> : r.title}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.request_type?.name ?? '—'}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'customer',
      title: 'Khách hàng / người yêu cầu',
      width: 210,
      responsive: ['lg'],
      render: (_, r) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <span>{r.customer?.name ?? r.requester_organization ?? r.requester_name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.requester_name} · {r.requester_phone}
          </Typography.Text>
        </span>
      ),
    },
    {
      key: 'priority',
      title: 'Ưu tiên',
      width: 105,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'priority'),
      render: (_, r) => <PriorityTag priority={r.priority} />,
    },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'status'),
      render: (_, r) => (
        <span>
          <RequestStatusTag status={r.status} />
          {r.current_step !== null && !['completed', 'rejected', 'cancelled'].includes(r.status) && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              Bước {r.current_step}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      key: 'due_at',
      title: 'Hạn xử lý',
      width: 175,
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'due_at'),
      render: (_, r) => <DueDate value={r.due_at} overdue={r.overdue} />,
    },
    {
      key: 'created_at',
      title: 'Ngày tạo',
      width: 110,
      responsive: ['xxl'],
      sorter: true,
      sortOrder: sortOrderOf(params.sort, 'created_at'),
      render: (_, r) => formatDate(r.created_at),
    },
  ];

  const range: [dayjs.Dayjs | null, dayjs.Dayjs | null] = [f.from ? dayjs(f.from) : null, f.to ? dayjs(f.to) : null];

  return (
    <ListPage<RequestRecord>
      title="Yêu cầu"
      subtitle="Yêu cầu của khách hàng và tiến trình xử lý qua từng bước quy trình."
      list={list}
      query={requests}
      columns={columns}
      noun="yêu cầu"
      scrollX={960}
      exporter={exporter}
      create={canCreate && { label: 'Thêm yêu cầu', to: urlFor('requests.create') }}
      search={{ placeholder: 'Tìm theo mã, tiêu đề, người yêu cầu, SĐT', width: 320 }}
      filters={
        <>
          <CsvSelect
            placeholder="Trạng thái"
            width={220}
            options={REQUEST_STATUSES.map((s) => ({ value: s, label: REQUEST_STATUS_LABELS[s] }))}
            value={f.status}
            onChange={(v) => update({ status: v })}
          />
          {canTypes && (
            <Select
              aria-label="Lọc theo loại yêu cầu"
              placeholder="Loại yêu cầu"
              allowClear
              showSearch={{ filterOption: (input, o) => normalizeVi(String(o?.label)).includes(normalizeVi(input)) }}
              style={{ width: 220 }}
              popupMatchSelectWidth={false}
              options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={f.request_type_id}
              onChange={(v?: string) => update({ request_type_id: v ?? null })}
            />
          )}
          <CsvSelect
            placeholder="Mức ưu tiên"
            width={180}
            options={PRIORITIES.map((p) => ({ value: p, label: PRIORITY_LABELS[p] }))}
            value={f.priority}
            onChange={(v) => update({ priority: v })}
          />
          {canCustomers && (
            <Select
              aria-label="Lọc theo khách hàng"
              placeholder="Khách hàng"
              allowClear
              showSearch={{ filterOption: false, onSearch: setCustomerSearch }}
              style={{ width: 220 }}
              popupMatchSelectWidth={false}
              options={customerOptions}
              value={f.customer_id}
              onChange={(v?: string) => update({ customer_id: v ?? null })}
            />
          )}
          <DatePicker.RangePicker
            aria-label="Lọc theo ngày tạo"
            format="DD/MM/YYYY"
            placeholder={['Tạo từ ngày', 'Đến ngày']}
            allowEmpty={[true, true]}
            value={range}
            onChange={(v) =>
              update({ from: v?.[0] ? v[0].format('YYYY-MM-DD') : null, to: v?.[1] ? v[1].format('YYYY-MM-DD') : null })
            }
          />
          <Checkbox
            checked={f.overdue === 'true' || f.overdue === '1'}
            onChange={(e) => update({ overdue: e.target.checked ? 'true' : null })}
          >
            Quá hạn
          </Checkbox>
        </>
      }
      emptyText="Chưa có yêu cầu nào"
    />
  );
}
