import { cellHalves, HOLIDAY_SYMBOL, leaveColor, TIMEKEEPING_COLORS, WORKED_SYMBOL } from '@qlcv/common/schemas/timekeeping';
import type { CSSProperties } from 'react';

const half: CSSProperties = {
  flex: 1,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  height: '100%',
  fontSize: 11,
  lineHeight: 1,
};

/** The background of a symbol: a leave's colour, the holiday's, none for a worked half. */
export function symbolBackground(symbol: string, paid: ReadonlyMap<string, boolean>): string | undefined {
  if (!symbol) return `#${TIMEKEEPING_COLORS.off}`;
  if (symbol === WORKED_SYMBOL) return undefined;
  if (symbol === HOLIDAY_SYMBOL) return `#${TIMEKEEPING_COLORS.holiday}`;
  return `#${leaveColor(symbol, paid.get(symbol) ?? false)}`;
}

const HALF_LABEL = (s: string) => (s ? s : 'nghỉ');

/**
 * One day of one employee: a symbol filling the cell, or, for a day split in halves (`X/P`, `P/`), the morning and
 * the afternoon side by side, each with its colour.
 */
export function TimekeepingCell({ cell, paid }: { cell: string; paid: ReadonlyMap<string, boolean> }) {
  if (!cell) return null;
  const split = cell.includes('/');
  const [morning, afternoon] = cellHalves(cell);
  const title = split ? `Sáng: ${HALF_LABEL(morning)} · Chiều: ${HALF_LABEL(afternoon)}` : cell;
  const tone = (s: string): CSSProperties => ({
    background: symbolBackground(s, paid),
    color: s === WORKED_SYMBOL ? '#52606d' : '#1f2933',
    fontWeight: s === WORKED_SYMBOL ? 400 : 600,
  });
  return (
    <div data-cell={cell} title={title} style={{ display: 'flex', height: 28, borderRadius: 3, overflow: 'hidden' }}>
      {split ? (
        <>
          <span style={{ ...half, ...tone(morning), borderRight: '1px solid rgba(0,0,0,0.12)' }}>{morning}</span>
          <span style={{ ...half, ...tone(afternoon) }}>{afternoon}</span>
        </>
      ) : (
        <span style={{ ...half, ...tone(cell) }}>{cell}</span>
      )}
    </div>
  );
}
