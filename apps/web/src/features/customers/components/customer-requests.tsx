import { formatDateTime } from '@qlcv/common/format/date';
import type { CustomerRequest } from '@qlcv/common/schemas/customers';
import { Card, Empty, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { type PerPage, pagination } from '@/components/list-controls';
import { LoadError } from '@/components/page-states';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useCustomerRequests } from '../api/customers-api';

/** Request statuses of PRODUCT.md §3, with a colour each. */
const STATUSES: Record<string, { label: string; color: string }> = {
  new: { label: 'Mới', color: 'blue' },
  received: { label: 'Đã tiếp nhận', color: 'cyan' },
  in_progress: { label: 'Đang xử lý', color: 'processing' },
  on_hold: { label: 'Tạm dừng', color: 'orange' },
  completed: { label: 'Hoàn thành', color: 'green' },
  rejected: { label: 'Từ chối', color: 'red' },
  cancelled: { label: 'Đã hủy', color: 'default' },
};

const PAGE_SIZE = 10;

/** The customer's requests, newest first, a page at a time. */
export function CustomerRequests({ customerId, total }: { customerId: number; total: number }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<PerPage>(PAGE_SIZE);
  const requests = useCustomerRequests(customerId, { page, per_page: perPage, sort: '-created_at' });
  const canOpen = useCan(['requests.show']);

  const columns: TableColumnsType<CustomerRequest> = [
    {
      key: 'code',
      title: 'Mã yêu cầu',
      width: 140,
      render: (_, r) => (canOpen ? <Link to={urlFor('requests.show', { id: r.id })}>{r.code}</Link> : r.code),
    },
    { key: 'title', title: 'Tiêu đề', dataIndex: 'title' },
    {
      key: 'status',
      title: 'Trạng thái',
      width: 140,
      render: (_, r) => {
        const s = STATUSES[r.status];
        return <Tag color={s?.color}>{s?.label ?? r.status}</Tag>;
      },
    },
    { key: 'created_at', title: 'Ngày gửi', width: 150, render: (_, r) => formatDateTime(r.created_at) },
  ];

  return (
    <Card title={`Yêu cầu (${requests.data?.meta.total ?? total})`}>
      {requests.isError ? (
        <LoadError plain error={requests.error} onRetry={() => requests.refetch()} />
      ) : (
        <Table<CustomerRequest>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={requests.data?.data}
          loading={requests.isFetching}
          locale={{
            emptyText: requests.isPending ? (
              ' '
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Khách hàng chưa gửi yêu cầu nào" />
            ),
          }}
          scroll={{ x: 600 }}
          pagination={
            (requests.data?.meta.total ?? 0) > PAGE_SIZE
              ? pagination({
                  current: page,
                  perPage,
                  total: requests.data?.meta.total ?? 0,
                  capped: requests.data?.meta.total_capped === true,
                  noun: 'yêu cầu',
                  onChange: (nextPage, nextPerPage) => {
                    setPage(nextPerPage === perPage ? nextPage : 1);
                    setPerPage(nextPerPage);
                  },
                })
              : false
          }
        />
      )}
    </Card>
  );
}
