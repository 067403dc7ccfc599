import {
  ABSENT_SYMBOL,
  cellHalves,
  HOLIDAY_SYMBOL,
  leaveColor,
  markText,
  TIMEKEEPING_COLORS,
  type TimekeepingMark,
  WORKED_SYMBOL,
} from '@qlcv/common/schemas/timekeeping';
import { Tooltip } from 'antd';
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
  if (symbol === ABSENT_SYMBOL) return `#${TIMEKEEPING_COLORS.absent}`;
  return `#${leaveColor(symbol, paid.get(symbol) ?? false)}`;
}

const HALF_LABEL = (s: string) => (s ? s : 'nghỉ');

const SYMBOL_LABEL = (s: string) => (s === ABSENT_SYMBOL ? 'vắng' : s);

/**
 * One day of one employee: a symbol filling the cell, or, for a day split in halves (`X/P`, `P/`), the morning and
 * the afternoon side by side, each with its colour. A mark (late, early, a missing check-out) is a corner triangle and
 * its words in the tooltip.
 */
export function TimekeepingCell({
  cell,
  paid,
  mark,
}: {
  cell: string;
  paid: ReadonlyMap<string, boolean>;
  mark?: TimekeepingMark;
}) {
  if (!cell) return null;
  const split = cell.includes('/');
  const [morning, afternoon] = cellHalves(cell);
  const symbols = split
    ? `Sáng: ${HALF_LABEL(SYMBOL_LABEL(morning))} · Chiều: ${HALF_LABEL(SYMBOL_LABEL(afternoon))}`
    : SYMBOL_LABEL(cell);
  const title = mark ? `${symbols} — ${markText(mark)}` : symbols;
  const tone = (s: string): CSSProperties => ({
    background: symbolBackground(s, paid),
    color: s === WORKED_SYMBOL ? '#52606d' : '#1f2933',
    fontWeight: s === WORKED_SYMBOL ? 400 : 600,
  });
  const box = (
    <div
      data-cell={cell}
      data-mark={mark ? markText(mark) : undefined}
      title={mark ? undefined : title}
      style={{ position: 'relative', display: 'flex', height: 28, borderRadius: 3, overflow: 'hidden' }}
    >
      {split ? (
        <>
          <span style={{ ...half, ...tone(morning), borderRight: '1px solid rgba(0,0,0,0.12)' }}>{morning}</span>
          <span style={{ ...half, ...tone(afternoon) }}>{afternoon}</span>
        </>
      ) : (
        <span style={{ ...half, ...tone(cell) }}>{cell}</span>
      )}
      {mark && <MarkCorner />}
    </div>
  );
  // A marked cell's words also on a tap (a phone has no hover title).
  return mark ? (
    <Tooltip title={title} trigger={['hover', 'click']}>
      {box}
    </Tooltip>
  ) : (
    box
  );
}

/** The mark's corner: a small triangle in the top right, the colour of lateness. */
export function MarkCorner() {
  const size = 9;
  return (
    <span
      aria-hidden
      style={{
        position: 'absolute',
        top: 0,
        right: 0,
        width: 0,
        height: 0,
        borderTop: `${size}px solid #${TIMEKEEPING_COLORS.late}`,
        borderLeft: `${size}px solid transparent`,
      }}
    />
  );
}
