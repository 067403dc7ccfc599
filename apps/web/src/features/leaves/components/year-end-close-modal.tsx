import { LockOutlined } from '@ant-design/icons';
import { formatDate } from '@qlcv/common/format/date';
import { Alert, Button, Form, Modal, Result, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { DecimalInput } from '@/components/decimal-input';
import { LoadError } from '@/components/page-states';
import { ApiError, DEFAULT_ERROR_MESSAGE } from '@/lib/api/api-error';
import type { DecimalValue } from '@/lib/decimal';
import { useLeavePolicy, useYearEndClose, type YearEndResult } from '../api/leaves-api';

const thisYear = () => new Date().getFullYear();

/**
 * "Chốt phép cuối năm" (HR): says exactly what the close does with the policy's figures before running it, then what it
 * did. Running it again carries nothing twice.
 */
export function YearEndCloseModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const policy = useLeavePolicy(open);
  const close = useYearEndClose();
  // The field's value (text that is no year stays as typed); the year when it is a number.
  const [input, setInput] = useState<DecimalValue>(thisYear() - 1);
  const year = typeof input === 'number' ? input : null;
  const [result, setResult] = useState<YearEndResult | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setInput(new Date().getMonth() === 11 ? thisYear() : thisYear() - 1);
      setResult(null);
      setError(null);
    }
  }, [open]);

  const valid = typeof year === 'number' && year >= 2000 && year <= 2100;
  const run = async () => {
    if (!valid) return;
    setError(null);
    try {
      setResult(await close.mutateAsync(year));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : DEFAULT_ERROR_MESSAGE);
    }
  };

  const p = policy.data;
  const next = (year ?? thisYear()) + 1;
  const footer = result
    ? [
        <Button key="close" type="primary" onClick={onClose}>
          Đóng
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onClose}>
          Hủy
        </Button>,
        <Button
          key="run"
          type="primary"
          danger
          icon={<LockOutlined />}
          loading={close.isPending}
          disabled={!valid || !p}
          onClick={run}
        >
          {valid ? `Chốt phép năm ${year}` : 'Chốt phép'}
        </Button>,
      ];

  return (
    <Modal title="Chốt phép cuối năm" open={open} onCancel={onClose} footer={footer} destroyOnHidden width={560}>
      {result ? (
        <Result
          status="success"
          title={`Đã chốt phép năm ${result.year}`}
          subTitle={
            <span data-testid="year-end-result">
              Chuyển phép sang năm {result.year + 1} cho {result.carried} nhân viên; {result.skipped} nhân viên không có ngày để
              chuyển hoặc đã được chuyển trước đó.
            </span>
          }
        />
      ) : (
        <>
          <Form layout="vertical">
            <Form.Item
              label="Năm cần chốt"
              required
              validateStatus={valid ? undefined : 'error'}
              help={valid ? undefined : 'Năm từ 2000 đến 2100'}
            >
              <DecimalInput
                aria-label="Năm cần chốt"
                scale={0}
                grouping={false}
                value={input}
                onChange={setInput}
                style={{ width: 140 }}
              />
            </Form.Item>
          </Form>
          {policy.isPending ? (
            <Skeleton active paragraph={{ rows: 3 }} />
          ) : policy.isError ? (
            <LoadError plain error={policy.error} onRetry={() => policy.refetch()} />
          ) : (
            p && (
              <div data-testid="year-end-explain">
                <Typography.Paragraph>Với mỗi nhân viên đang làm việc:</Typography.Paragraph>
                <ul style={{ paddingLeft: 20, marginTop: 0 }}>
                  <li>
                    số ngày phép năm {year ?? ''} còn lại được chuyển sang năm {next}, tối đa <b>{p.carry_over_cap_days} ngày</b>
                    {p.carry_over_cap_days === 0 ? ' (chính sách hiện không cho chuyển phép);' : ';'}
                  </li>
                  <li>
                    phép chuyển sang hết hạn ngày <b>{formatDate(`${next}-${p.carry_over_expires}`)}</b>: phần chưa dùng đến ngày
                    đó bị thu hồi;
                  </li>
                  <li>số dư bằng 0 hoặc âm không chuyển gì, và không bị trừ sang năm sau;</li>
                  <li>mỗi dòng chuyển phép ghi vào sổ phép của nhân viên, xem được ở tab này.</li>
                </ul>
                <Typography.Paragraph type="secondary">
                  Chốt lại lần nữa không chuyển thêm: nhân viên đã được chuyển phép của năm này sẽ được bỏ qua. Đổi số ngày tối đa
                  hoặc ngày hết hạn ở "Chính sách phép" trước khi chốt.
                </Typography.Paragraph>
                {valid && year >= thisYear() && (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginBottom: 12 }}
                    message={`Năm ${year} chưa kết thúc`}
                    description="Số ngày chuyển sang tính theo số dư hôm nay; đơn nghỉ được duyệt sau khi chốt không làm thay đổi phần đã chuyển."
                  />
                )}
              </div>
            )
          )}
          {error && <Alert type="error" showIcon message={error} role="alert" />}
        </>
      )}
    </Modal>
  );
}
