import type { LeaveBalance } from '@qlcv/common/schemas/leaves';
import { Card, Col, Row, Skeleton, Statistic, Typography } from 'antd';
import { LoadError } from '@/components/page-states';
import { useLeaveBalance } from '../api/leaves';

const num = (n: number) => String(n).replace('.', ',');

/** "Phép năm {year}": total (entitlement, carried over, adjustments), used, pending and remaining days. */
export function BalanceView({ balance }: { balance: LeaveBalance }) {
  const total = balance.entitlement + balance.carried_over + balance.adjustments;
  return (
    <Row gutter={[16, 8]} data-testid="leave-balance">
      <Col xs={12} md={6}>
        <Statistic title="Tổng" value={num(total)} suffix="ngày" />
        {balance.carried_over !== 0 && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            gồm {num(balance.carried_over)} ngày chuyển từ năm trước
          </Typography.Text>
        )}
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="Đã dùng" value={num(balance.used)} suffix="ngày" />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title="Chờ duyệt" value={num(balance.pending)} suffix="ngày" />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title="Còn lại"
          value={num(balance.remaining)}
          suffix="ngày"
          styles={{ content: { color: balance.remaining < 0 ? '#cf1322' : '#389e0d' } }}
          data-testid="leave-balance-remaining"
        />
      </Col>
    </Row>
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
