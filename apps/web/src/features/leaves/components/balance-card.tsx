import { formatDate } from '@qlcv/common/format/date';
import { LEAVE_LEDGER_KIND_LABELS, type LeaveBalance, type LeaveLedgerRow } from '@qlcv/common/schemas/leaves';
import { Card, Col, Collapse, Row, Skeleton, Statistic, type TableColumnsType, Typography } from 'antd';
import { Link } from 'react-router';
import { LoadError } from '@/components/page-states';
import { WideTable } from '@/components/wide-table';
import { urlFor } from '@/lib/routes';
import { useLeaveBalance } from '../api/leaves-api';

const num = (n: number) => String(n).replace('.', ',');

const LEDGER_COLUMNS: TableColumnsType<LeaveLedgerRow> = [
  { key: 'date', title: 'Ngày ghi', width: 105, render: (_, r) => formatDate(r.created_at) },
  { key: 'kind', title: 'Nội dung', render: (_, r) => LEAVE_LEDGER_KIND_LABELS[r.kind] ?? r.kind },
  {
    key: 'days',
    title: 'Số ngày',
    width: 85,
    align: 'right',
    render: (_, r) => (
      <Typography.Text type={r.days < 0 ? 'danger' : 'success'}>
        {r.days > 0 ? '+' : ''}
        {num(r.days)}
      </Typography.Text>
    ),
  },
  {
    key: 'note',
    title: 'Ghi chú',
    render: (_, r) => (
      <span>
        {r.leave_id && r.leave_code && <Link to={urlFor('leaves.show', { id: r.leave_id })}>{r.leave_code}</Link>}
        {r.leave_code && r.note && ' · '}
        {r.note}
        {(r.kind === 'adjustment' || r.kind === 'carry_over') && r.created_by_name && (
          <Typography.Text type="secondary"> — {r.created_by_name}</Typography.Text>
        )}
        {r.expires_on && !r.note?.includes(formatDate(r.expires_on)) && (
          <Typography.Text type="secondary"> (hết hạn {formatDate(r.expires_on)})</Typography.Text>
        )}
      </span>
    ),
  },
];

/** The ledger rows the balance sums: entitlement, leaves, cancellations, recounts, adjustments, carry-over. */
function LedgerRows({ rows, compact, open }: { rows: LeaveLedgerRow[]; compact?: boolean; open?: boolean }) {
  return (
    <Collapse
      ghost
      size="small"
      style={{ marginTop: 8 }}
      defaultActiveKey={open ? ['ledger'] : undefined}
      items={[
        {
          key: 'ledger',
          label: `Chi tiết sổ phép (${rows.length} dòng)`,
          children: (
            // A ledger reads across: on a phone it scrolls in its box, its date column fixed.
            <WideTable<LeaveLedgerRow>
              rowKey="id"
              size="small"
              pagination={false}
              columns={LEDGER_COLUMNS}
              dataSource={rows}
              scroll={compact ? undefined : { x: 560 }}
              scrollX={560}
            />
          ),
        },
      ]}
    />
  );
}

/** "Phép năm {year}": total (entitlement, carried over, adjustments), used, pending and remaining days. */
export function BalanceView({
  balance,
  compact,
  ledgerOpen,
}: {
  balance: LeaveBalance;
  compact?: boolean;
  /** The ledger shown unfolded (HR's balance tab). */
  ledgerOpen?: boolean;
}) {
  const total = balance.entitlement + balance.carried_over + balance.adjustments;
  return (
    <>
      <Row gutter={[16, 8]} data-testid="leave-balance">
        <Col xs={12} md={compact ? 12 : 6}>
          <Statistic title="Tổng" value={num(total)} suffix="ngày" />
          {balance.carried_over !== 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              gồm {num(balance.carried_over)} ngày chuyển từ năm trước
            </Typography.Text>
          )}
        </Col>
        <Col xs={12} md={compact ? 12 : 6}>
          <Statistic title="Đã dùng" value={num(balance.used)} suffix="ngày" />
        </Col>
        <Col xs={12} md={compact ? 12 : 6}>
          <Statistic title="Chờ duyệt" value={num(balance.pending)} suffix="ngày" />
        </Col>
        <Col xs={12} md={compact ? 12 : 6}>
          <Statistic
            title="Còn lại"
            value={num(balance.remaining)}
            suffix="ngày"
            styles={{ content: { color: balance.remaining < 0 ? '#cf1322' : '#389e0d' } }}
            data-testid="leave-balance-remaining"
          />
        </Col>
      </Row>
      <LedgerRows rows={balance.ledger} compact={compact} open={ledgerOpen} />
    </>
  );
}

/** The signed-in user's annual leave this year. */
export function MyBalanceCard() {
  const year = new Date().getFullYear();
  const balance = useLeaveBalance({ year });
  return (
    <Card title={`Phép năm ${year} của tôi`} size="small" style={{ marginBottom: 16 }}>
      {balance.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : balance.isError ? (
        <LoadError plain error={balance.error} onRetry={() => balance.refetch()} />
      ) : (
        <BalanceView balance={balance.data} />
      )}
    </Card>
  );
}
