import { formatDate, formatDateTime } from '@qlcv/common/format/date';
import { formatNumber } from '@qlcv/common/format/number';
import {
  CONTRACT_APPROVERS_SHOWN,
  type ContractDetail,
  type ContractItem,
  VAT_RATE_LABELS,
} from '@qlcv/common/schemas/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Grid,
  Row,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AttachmentRows } from '@/components/attachments/attachment-rows';
import { ContractEndDate, ContractStatusTag, DateOrDash } from '@/components/contract-tags';
import { RecordHistory } from '@/components/history-timeline';
import { PageHeader } from '@/components/page-header';
import { ConflictAlert, LoadError, LoadingCard } from '@/components/page-states';
import { ContractPrograms } from '@/features/monitoring-programs';
import { useAuthUser } from '@/lib/auth/auth-store';
import { useCan } from '@/lib/permissions/can';
import { urlFor } from '@/lib/routes';
import { useContract } from '../api/contracts-api';
import { ContractActions } from '../components/contract-actions';
import { CONTRACT_HISTORY } from '../components/contract-history';
import { ContractTotals } from '../components/contract-totals';

const dash = <Typography.Text type="secondary">—</Typography.Text>;

export default function ContractShowPage() {
  const id = Number(useParams().id);
  const contract = useContract(id);
  const navigate = useNavigate();
  const [conflict, setConflict] = useState<string | null>(null);

  if (contract.isPending) return <LoadingCard rows={10} />;
  if (contract.isError)
    return (
      <LoadError
        error={contract.error}
        onRetry={() => contract.refetch()}
        notFoundTitle="Không tìm thấy hợp đồng"
        back={<Button onClick={() => navigate(urlFor('contracts.index'))}>Về danh sách hợp đồng</Button>}
      />
    );
  const c = contract.data;
  return (
    <>
      <PageHeader
        title={
          <Space wrap size={8}>
            <span>Hợp đồng {c.number}</span>
            <ContractStatusTag status={c.status} />
          </Space>
        }
        subtitle={c.title}
        extra={<ContractActions contract={c} onConflict={setConflict} />}
      />
      {conflict && (
        <ConflictAlert
          message={conflict}
          reloading={contract.isFetching}
          onReload={async () => {
            await contract.refetch();
            setConflict(null);
          }}
        />
      )}
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        {c.approval && <ApprovalNotice approval={c.approval} />}
        <ContractInfo contract={c} />
        <Card title={`Hạng mục dịch vụ (${c.items.length})`}>
          <ItemsTable items={c.items} />
          <div style={{ marginTop: 16 }}>
            <ContractTotals totals={c} />
          </div>
        </Card>
        <ContractPrograms contract={c} />
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <Card title={`Tệp đính kèm (${c.attachments.length})`}>
              {c.attachments.length === 0 ? (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có tệp đính kèm" />
              ) : (
                <AttachmentRows documents={c.attachments.map((doc) => ({ doc }))} />
              )}
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <RecordHistory entity="contracts" id={c.id} {...CONTRACT_HISTORY} />
          </Col>
        </Row>
      </Space>
    </>
  );
}

/**
 * A contract waiting for approval: who submitted it and when; to a viewer who may not decide it, who may (issue 21:
 * nobody signs or returns what they submitted).
 */
function ApprovalNotice({ approval: a }: { approval: NonNullable<ContractDetail['approval']> }) {
  const me = useAuthUser();
  const mine = a.submitted_by !== null && a.submitted_by.id === me?.id;
  const submitted = a.submitted_by
    ? `Gửi duyệt bởi ${mine ? 'bạn' : a.submitted_by.name}${a.submitted_at ? ` lúc ${formatDateTime(a.submitted_at)}` : ''}.`
    : 'Hợp đồng đang chờ duyệt.';
  const names = a.approvers.map((u) => u.name).join(', ');
  const who =
    a.approvers.length === 0
      ? 'Chưa có ai được cấp quyền “Duyệt hợp đồng” để ký hoặc trả lại; quản trị viên cấp quyền này trong Vai trò.'
      : `Người có thể ký hoặc trả lại: ${names}${a.approvers.length >= CONTRACT_APPROVERS_SHOWN ? ' và những người khác có quyền “Duyệt hợp đồng”' : ''}.`;
  if (a.can_approve)
    return (
      <Alert
        type="info"
        showIcon
        data-testid="contract-approval"
        title={`${submitted} Bạn có thể ký hoặc trả lại hợp đồng này.`}
      />
    );
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="contract-approval"
      title={
        mine
          ? `${submitted} Người gửi duyệt không tự ký hoặc trả lại hợp đồng của mình.`
          : `${submitted} Bạn không có quyền ký hoặc trả lại hợp đồng này.`
      }
      description={who}
    />
  );
}

function ContractInfo({ contract: c }: { contract: ContractDetail }) {
  const canCustomer = useCan(['customer.show']);
  const canRequest = useCan(['requests.show']);
  return (
    <Card title="Thông tin hợp đồng">
      <Descriptions
        column={{ xs: 1, sm: 2, xl: 3 }}
        items={[
          {
            key: 'number',
            label: 'Số hợp đồng',
            children: (
              <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                {c.number}
              </Typography.Text>
            ),
          },
          { key: 'status', label: 'Trạng thái', children: <ContractStatusTag status={c.status} /> },
          {
            key: 'customer',
            label: 'Khách hàng',
            span: 'filled',
            children: canCustomer ? (
              <Link to={urlFor('customers.show', { id: c.customer.id })}>
                {c.customer.name} ({c.customer.code})
              </Link>
            ) : (
              `${c.customer.name} (${c.customer.code})`
            ),
          },
          { key: 'title', label: 'Tên hợp đồng', span: 'filled', children: c.title },
          { key: 'signed', label: 'Ngày ký', children: <DateOrDash value={c.signed_date} /> },
          {
            key: 'period',
            label: 'Thời hạn',
            children: (
              <span>
                {formatDate(c.start_date)} – <ContractEndDate contract={c} />
              </span>
            ),
          },
          { key: 'template', label: 'Mẫu hợp đồng', children: c.template?.name ?? dash },
          {
            key: 'request',
            label: 'Yêu cầu',
            children: c.request ? (
              canRequest ? (
                <Link to={urlFor('requests.show', { id: c.request.id })}>{c.request.code}</Link>
              ) : (
                c.request.code
              )
            ) : (
              dash
            ),
          },
          {
            key: 'created',
            label: 'Người lập',
            children: (
              <span>
                {c.created_by?.name ?? dash}
                <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                  {formatDateTime(c.created_at)}
                </Typography.Text>
              </span>
            ),
          },
          { key: 'updated', label: 'Cập nhật lần cuối', children: formatDateTime(c.updated_at) },
          {
            key: 'payment',
            label: 'Điều khoản thanh toán',
            span: 'filled',
            children: c.payment_terms ? <span style={{ whiteSpace: 'pre-line' }}>{c.payment_terms}</span> : dash,
          },
          {
            key: 'notes',
            label: 'Ghi chú',
            span: 'filled',
            children: c.notes ? <span style={{ whiteSpace: 'pre-line' }}>{c.notes}</span> : dash,
          },
        ]}
      />
    </Card>
  );
}

/** 3 → "3", 1.5 → "1,5" (at most 3 decimals). */
const quantity = (q: number) => (Number.isInteger(q) ? formatNumber(q) : formatNumber(q, { decimals: 3 }).replace(/0+$/, ''));

/** The rate as charged: the nominal one struck through when a dated rule lowered it. */
function VatCell({ item: i }: { item: ContractItem }) {
  return i.applied_rate !== null && String(i.applied_rate) !== i.vat_rate ? (
    <span>
      <Typography.Text delete type="secondary">
        {VAT_RATE_LABELS[i.vat_rate]}
      </Typography.Text>{' '}
      <Tag color="green">{i.applied_rate} %</Tag>
    </span>
  ) : (
    VAT_RATE_LABELS[i.vat_rate]
  );
}

/** The lines: a table on wide screens; on a phone a card each, quantity × price and amount in sight (issue 21). */
function ItemsTable({ items }: { items: ContractItem[] }) {
  const phone = Grid.useBreakpoint().md === false;
  if (phone)
    return (
      <div data-testid="contract-items">
        {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có hạng mục nào" />}
        {items.map((i, index) => (
          <div
            key={i.id}
            data-testid="contract-item-row"
            style={{ padding: '10px 0', borderBottom: '1px solid #f0f0f0', display: 'flex', flexDirection: 'column', gap: 2 }}
          >
            <ItemName item={i} prefix={`${index + 1}. `} />
            <span style={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
              <Typography.Text type="secondary">
                {quantity(i.quantity)} {i.unit_name} × {formatNumber(i.unit_price)} ₫ · VAT <VatCell item={i} />
              </Typography.Text>
              <Typography.Text strong data-testid="contract-item-amount">
                {formatNumber(i.amount)} ₫
              </Typography.Text>
            </span>
          </div>
        ))}
      </div>
    );
  const columns: TableColumnsType<ContractItem> = [
    { key: 'no', title: 'STT', width: 55, align: 'center', render: (_, _i, index) => index + 1 },
    {
      key: 'name',
      title: 'Dịch vụ',
      render: (_, i) => (
        <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.35 }}>
          <ItemName item={i} />
        </span>
      ),
    },
    { key: 'unit', title: 'ĐVT', width: 90, dataIndex: 'unit_name' },
    { key: 'quantity', title: 'Số lượng', width: 95, align: 'right', render: (_, i) => quantity(i.quantity) },
    { key: 'unit_price', title: 'Đơn giá (₫)', width: 130, align: 'right', render: (_, i) => formatNumber(i.unit_price) },
    {
      key: 'vat',
      title: 'Thuế GTGT',
      width: 130,
      render: (_, i) => <VatCell item={i} />,
    },
    {
      key: 'amount',
      title: 'Thành tiền (₫)',
      width: 140,
      align: 'right',
      render: (_, i) => <Typography.Text strong>{formatNumber(i.amount)}</Typography.Text>,
    },
  ];
  return (
    <Table<ContractItem>
      rowKey="id"
      size="small"
      pagination={false}
      columns={columns}
      dataSource={items}
      scroll={{ x: 820 }}
      data-testid="contract-items"
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Chưa có hạng mục nào" /> }}
    />
  );
}

/** A line's service code and name, with its description below (the table's cell and the phone's card). */
function ItemName({ item: i, prefix }: { item: ContractItem; prefix?: string }) {
  return (
    <>
      <span>
        {prefix && <Typography.Text type="secondary">{prefix}</Typography.Text>}
        {i.service_code && <Typography.Text type="secondary">{i.service_code} · </Typography.Text>}
        {i.name}
      </span>
      {i.description && (
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'pre-line' }}>
          {i.description}
        </Typography.Text>
      )}
    </>
  );
}
