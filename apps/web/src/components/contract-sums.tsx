import { formatVnd } from '@qlcv/common/format/number';
import type { ContractList } from '@qlcv/common/schemas/contracts';
import { Typography } from 'antd';

// The value of a list of contracts, alike on the contracts list, a customer's page and a request's page. The server
// sums (meta.sums); this only says what each figure counts: signed and onward make the value, drafts and those
// waiting for approval are shown apart, cancelled ones too and never added.

const count = (n: number) => `${n} hợp đồng`;

/** "Tổng giá trị N hợp đồng đã ký" with what it counts, then unsigned and cancelled apart when there are any. */
export function ContractSums({ sums, scope }: { sums: ContractList['meta']['sums']; scope?: string }) {
  const { signed, unsigned, cancelled } = sums;
  return (
    <div style={{ textAlign: 'end', marginTop: 8, lineHeight: 1.6 }} data-testid="contract-sum">
      <div>
        <Typography.Text type="secondary">
          Tổng giá trị {count(signed.count)} đã ký{scope ? ` ${scope}` : ''}:{' '}
        </Typography.Text>
        <Typography.Text strong data-testid="contract-sum-signed">
          {formatVnd(signed.total)}
        </Typography.Text>
      </div>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        Gồm hợp đồng đã ký, đang thực hiện, hoàn thành và đã thanh lý; không tính hợp đồng nháp, chờ duyệt và đã hủy.
      </Typography.Text>
      {(unsigned.count > 0 || cancelled.count > 0) && (
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} data-testid="contract-sum-apart">
          {[
            unsigned.count > 0 ? `Chưa ký (nháp, chờ duyệt): ${count(unsigned.count)}, ${formatVnd(unsigned.total)}` : null,
            cancelled.count > 0 ? `Đã hủy: ${count(cancelled.count)}, ${formatVnd(cancelled.total)}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography.Text>
      )}
    </div>
  );
}
