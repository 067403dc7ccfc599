import { formatVnd } from '@qlcv/common/format/number';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

export interface TotalsView {
  subtotal: number;
  vat_lines: { rate: number; base: number; amount: number }[];
  vat_amount: number;
  total: number;
  /** Why a reduced rate applied ("Thuế suất 8 % theo Nghị định 174/2025/NĐ-CP …"), or null. */
  vat_note: string | null;
  total_in_words: string;
}

const row = (label: ReactNode, value: string, strong = false, testId?: string) => (
  <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, padding: '3px 0' }}>
    <Typography.Text type={strong ? undefined : 'secondary'} strong={strong}>
      {label}
    </Typography.Text>
    <Typography.Text strong={strong} style={strong ? { fontSize: 16 } : undefined} data-testid={testId}>
      {value}
    </Typography.Text>
  </div>
);

/** Subtotal, VAT per rate, total, the reason for a reduced rate and the total in words. */
export function ContractTotals({ totals, hint }: { totals: TotalsView; hint?: ReactNode }) {
  const vatLines = totals.vat_lines.filter((l) => l.base !== 0 || l.amount !== 0);
  return (
    <div data-testid="contract-totals" style={{ marginInlineStart: 'auto', maxWidth: 520, width: '100%' }}>
      {row('Cộng tiền dịch vụ', formatVnd(totals.subtotal), false, 'contract-subtotal')}
      {/* A rate whose lines are all still unpriced adds nothing: no line for it. */}
      {vatLines.map((l) => (
        <div key={l.rate}>{row(`Thuế GTGT ${l.rate} % (trên ${formatVnd(l.base)})`, formatVnd(l.amount))}</div>
      ))}
      {vatLines.length > 1 && row('Cộng tiền thuế GTGT', formatVnd(totals.vat_amount))}
      <div style={{ borderTop: '1px solid #f0f0f0', marginTop: 4, paddingTop: 4 }}>
        {row('Tổng giá trị hợp đồng', formatVnd(totals.total), true, 'contract-total')}
      </div>
      <Typography.Paragraph italic style={{ margin: '4px 0 0', textAlign: 'end' }} data-testid="contract-total-words">
        Bằng chữ: {totals.total_in_words}
      </Typography.Paragraph>
      {totals.vat_note && (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: '4px 0 0', fontSize: 12, textAlign: 'end' }}
          data-testid="contract-vat-note"
        >
          {totals.vat_note}
        </Typography.Paragraph>
      )}
      {hint && (
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', fontSize: 12, textAlign: 'end' }}>
          {hint}
        </Typography.Paragraph>
      )}
    </div>
  );
}
