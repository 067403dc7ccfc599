import { EditOutlined, LockOutlined, SettingOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { Button, DatePicker, Empty, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { LoadError } from '@/components/page-states';
import { UserSelect } from '@/components/user-select';
import { dayjs } from '@/lib/dayjs';
import { useLeaveBalance, useLeavePolicy } from '../api/leaves-api';
import { AdjustmentModal } from './adjustment-modal';
import { BalanceView } from './balance-card';
import { LeavePolicyDrawer } from './leave-policy-drawer';
import { YearEndCloseModal } from './year-end-close-modal';

/** The policy in one line, under the toolbar. */
function PolicyLine() {
  const policy = useLeavePolicy();
  if (!policy.data) return null;
  const p = policy.data;
  const [mm, dd] = p.carry_over_expires.split('-');
  return (
    <Typography.Text type="secondary" data-testid="leave-policy-summary">
      Chính sách: {p.allow_negative_balance ? 'cho phép nghỉ quá số dư' : 'không cho nghỉ quá số dư'} · chuyển sang năm sau tối đa{' '}
      {p.carry_over_cap_days} ngày, hết hạn ngày {dd}/{mm}
    </Typography.Text>
  );
}

/**
 * "Số ngày phép" (HR, `leaves.all`): an employee's annual balance of a year with every ledger row, the adjustments,
 * the year-end close and the policy.
 */
export function LeaveBalancesPanel() {
  const [userId, setUserId] = useState<number | null>(null);
  const [year, setYear] = useState(new Date().getFullYear());
  const [modal, setModal] = useState<'adjust' | 'close' | 'policy' | null>(null);
  const balance = useLeaveBalance({ user_id: userId, year }, userId !== null);

  return (
    <>
      <Space wrap size={[12, 12]} style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Space wrap size={[12, 12]}>
          <UserSelect
            aria-label="Nhân viên xem sổ phép"
            placeholder="Chọn nhân viên (tên, mã nhân viên)"
            style={{ width: 320 }}
            value={userId}
            onChange={setUserId}
          />
          <DatePicker
            picker="year"
            aria-label="Năm"
            format="YYYY"
            allowClear={false}
            value={dayjs(`${year}-01-01`)}
            onChange={(v) => v && setYear(v.year())}
          />
        </Space>
        <Space wrap>
          <Button icon={<SettingOutlined />} onClick={() => setModal('policy')}>
            Chính sách phép
          </Button>
          <Button icon={<LockOutlined />} onClick={() => setModal('close')}>
            Chốt phép cuối năm
          </Button>
          <Button type="primary" icon={<EditOutlined />} onClick={() => setModal('adjust')}>
            Điều chỉnh số ngày
          </Button>
        </Space>
      </Space>
      <div style={{ marginBottom: 16 }}>
        <PolicyLine />
      </div>
      {userId === null ? (
        <Empty description="Chọn một nhân viên để xem số ngày phép và sổ phép của năm." />
      ) : balance.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : balance.isError ? (
        <LoadError plain error={balance.error} onRetry={() => balance.refetch()} />
      ) : (
        <>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            Phép năm {balance.data.year}
            {balance.data.ledger.some((r) => r.kind === 'carry_over' && r.expires_on) && (
              <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
                {' '}
                · phép chuyển sang hết hạn{' '}
                {formatDate(balance.data.ledger.find((r) => r.kind === 'carry_over')?.expires_on ?? null)}
              </Typography.Text>
            )}
          </Typography.Title>
          <BalanceView balance={balance.data} ledgerOpen />
        </>
      )}
      <AdjustmentModal open={modal === 'adjust'} onClose={() => setModal(null)} userId={userId} year={year} />
      <YearEndCloseModal open={modal === 'close'} onClose={() => setModal(null)} />
      <LeavePolicyDrawer open={modal === 'policy'} onClose={() => setModal(null)} />
    </>
  );
}
