import {
  ABSENT_SYMBOL,
  HOLIDAY_SYMBOL,
  type TimekeepingLegend as LegendItem,
  leaveColor,
  TIMEKEEPING_COLORS,
  WORKED_SYMBOL,
} from '@qlcv/common/schemas/timekeeping';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { MarkCorner } from './timekeeping-cell';

function Swatch({ symbol, color, label, corner }: { symbol: string; color?: string; label: string; corner?: ReactNode }) {
  return (
    <Space size={6}>
      <span
        style={{
          position: 'relative',
          overflow: 'hidden',
          display: 'inline-flex',
          minWidth: 30,
          height: 22,
          padding: '0 4px',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 12,
          fontWeight: 600,
          borderRadius: 3,
          border: '1px solid rgba(0,0,0,0.08)',
          background: color ? `#${color}` : '#fff',
        }}
      >
        {symbol}
        {corner}
      </span>
      <Typography.Text style={{ fontSize: 13 }}>{label}</Typography.Text>
    </Space>
  );
}

/**
 * The symbols of the grid: worked, holiday, each leave type (paid or not; a business trip counts as worked), a half
 * day and a rest day; with attendance, absence and the marks.
 */
export function TimekeepingLegend({ types, attendance }: { types: LegendItem[]; attendance: boolean }) {
  return (
    <section aria-label="Chú thích ký hiệu" style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 20px' }}>
      <Swatch symbol={WORKED_SYMBOL} label="Ngày làm việc" />
      <Swatch symbol={HOLIDAY_SYMBOL} color={TIMEKEEPING_COLORS.holiday} label="Nghỉ lễ, Tết" />
      {types.map((t) => (
        <Swatch
          key={t.symbol}
          symbol={t.symbol}
          color={leaveColor(t.symbol, t.paid)}
          label={`${t.name}${t.counts_as_worked ? ' (tính là ngày công)' : t.paid ? '' : ' (ngoài công hưởng lương)'}`}
        />
      ))}
      {attendance && (
        <>
          <Swatch symbol={ABSENT_SYMBOL} color={TIMEKEEPING_COLORS.absent} label="Vắng không phép" />
          <Swatch symbol={WORKED_SYMBOL} corner={<MarkCorner />} label="Đi muộn, về sớm, quên chấm ra (chạm vào ô để xem)" />
        </>
      )}
      <Swatch symbol="X/P" label="Nửa ngày: sáng / chiều" />
      <Swatch symbol="" color={TIMEKEEPING_COLORS.off} label="Ngày nghỉ hằng tuần" />
    </section>
  );
}
