import { PlusOutlined } from '@ant-design/icons';
import { formatVnd } from '@qlcv/common/format/number';
import type { Contract, ContractList } from '@qlcv/common/schemas/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { api } from '@/lib/api/requester';
import { useCan } from '@/lib/permissions/can';
import { queryKeys } from '@/lib/query-keys';
import { urlFor } from '@/lib/routes';
import { ContractSums } from './contract-sums';
import { ContractEndDate, ContractStatusTag, DateOrDash } from './contract-tags';
import { type PerPage, pagination } from './list-controls';
import { LoadError } from './page-states';

const PAGE_SIZE = 10;

/**
 * The contracts of a customer or of a request (`GET /api/contracts?customer_id=|request_id=`), newest first, with the
 * value of the signed ones (drafts and cancelled apart) and a button that starts a new one for it. Shown to holders of `contracts.index`;
 * `hideEmpty`: nothing while there is none.
 */
export function RelatedContracts({ of, hideEmpty }: { of: Of; hideEmpty?: boolean }) {
  const canList = useCan(['contracts.index']);
  return canList ? <ContractsCard of={of} hideEmpty={hideEmpty} /> : null;
}

type Of = { customer_id: number } | { request_id: number };

function ContractsCard({ of, hideEmpty }: { of: Of; hideEmpty?: boolean }) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState<PerPage>(PAGE_SIZE);
  const query = { ...of, page, per_page: perPage, sort: '-created_at' };
  const contracts = useQuery({
    queryKey: queryKeys.contracts.list(query),
    queryFn: () => api.get<ContractList>('/api/contracts', { params: query, display: 'ignore' }),
    placeholderData: keepPreviousData,
  });
  const canCreate = useCan(['contracts.create']);
  const navigate = useNavigate();
  const byRequest = 'request_id' in of;
  const total = contracts.data?.meta.total ?? 0;

  const columns: TableColumnsType<Contract> = [
    {
      key: 'number',
      title: 'Hợp đồng',
      render: (_, c) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <Link to={urlFor('contracts.show', { id: c.id })} style={{ whiteSpace: 'nowrap' }}>
            {c.number}
          </Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {c.title}
          </Typography.Text>
        </span>
      ),
    },
    { key: 'status', title: 'Trạng thái', width: 120, render: (_, c) => <ContractStatusTag status={c.status} /> },
    { key: 'signed', title: 'Ngày ký', width: 100, render: (_, c) => <DateOrDash value={c.signed_date} /> },
    { key: 'end', title: 'Kết thúc', width: 120, render: (_, c) => <ContractEndDate contract={c} compact /> },
    {
      key: 'total',
      title: 'Tổng giá trị',
      width: 125,
      align: 'right',
      render: (_, c) => <span style={{ whiteSpace: 'nowrap' }}>{formatVnd(c.total)}</span>,
    },
  ];

  if (hideEmpty && !contracts.isError && total === 0) return null;

  const create = () =>
    navigate(
      `${urlFor('contracts.create')}?${'request_id' in of ? `request_id=${of.request_id}` : `customer_id=${of.customer_id}`}`,
    );

  return (
    <Card
      title={`Hợp đồng (${total})`}
      data-testid="related-contracts"
      extra={
        canCreate && (
          <Button size="small" icon={<PlusOutlined />} onClick={create}>
            Tạo hợp đồng
          </Button>
        )
      }
    >
      {contracts.isError ? (
        <LoadError plain error={contracts.error} onRetry={() => contracts.refetch()} />
      ) : (
        <>
          <Table<Contract>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={contracts.data?.data}
            loading={contracts.isFetching}
            scroll={{ x: 640 }}
            locale={{
              emptyText: contracts.isPending ? (
                ' '
              ) : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={byRequest ? 'Chưa có hợp đồng nào lập từ yêu cầu này' : 'Khách hàng chưa có hợp đồng nào'}
                />
              ),
            }}
            pagination={
              total > PAGE_SIZE
                ? pagination({
                    current: page,
                    perPage,
                    total,
                    noun: 'hợp đồng',
                    onChange: (nextPage, nextPerPage) => {
                      setPage(nextPerPage === perPage ? nextPage : 1);
                      setPerPage(nextPerPage);
                    },
                  })
                : false
            }
          />
          {total > 0 && contracts.data && <ContractSums sums={contracts.data.meta.sums} />}
        </>
      )}
    </Card>
  );
}
