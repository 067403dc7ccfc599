import { Grid, type TableColumnsType } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { isValidElement, type ReactNode, useMemo } from 'react';
import './phone-cards.css';

/** Below antd's `sm` (576 px): a phone held upright. */
export function usePhone(): boolean {
  return Grid.useBreakpoint().sm === false;
}

/** A column hidden on a phone with antd's own `responsive` (e.g. `['sm']`): left out of the card too. */
const shownOnPhone = <T,>(column: ColumnType<T>) => !column.responsive || column.responsive.includes('xs');

function cell<T>(column: ColumnType<T>, row: T, index: number): ReactNode {
  const path: unknown = column.dataIndex;
  const keys = (Array.isArray(path) ? path : path === undefined ? [] : [path]) as (string | number)[];
  const value = keys.reduce<unknown>(
    (v, k) => (v as Record<string | number, unknown> | null | undefined)?.[k],
    keys.length ? row : undefined,
  );
  const shown = column.render ? column.render(value, row, index) : value;
  // A render may answer { children, props } (a cell spanning columns); its children are what a card shows.
  if (shown && typeof shown === 'object' && !isValidElement(shown) && 'children' in shown) return shown.children as ReactNode;
  return shown as ReactNode;
}

const titleOf = <T,>(column: ColumnType<T>): ReactNode =>
  typeof column.title === 'function' ? null : (column.title as ReactNode);

/**
 * A list's columns as one card a row, for a phone: the first column (the key: code and name) as the card's head, every
 * other column shown on phones as "title: value" under it, so nothing hides off the right edge of the screen.
 */
export function phoneCardColumns<T>(columns: TableColumnsType<T>): TableColumnsType<T> {
  const shown = (columns as ColumnType<T>[]).filter((c) => shownOnPhone(c));
  const [head, ...rest] = shown;
  if (!head) return columns;
  return [
    {
      key: 'phone-card',
      render: (_: unknown, row: T, index: number) => (
        <div className="qlcv-phone-card">
          <div className="qlcv-phone-card-head">{cell(head, row, index)}</div>
          {rest.length > 0 && (
            <dl className="qlcv-phone-card-fields">
              {rest.map((column, i) => (
                <div key={String(column.key ?? column.dataIndex ?? i)}>
                  <dt>{titleOf(column)}</dt>
                  <dd>{cell(column, row, index)}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      ),
    },
  ];
}

/**
 * The props a `<Table>` takes to become cards on a phone and stay itself elsewhere: its columns (one card column on a
 * phone), its sideways scroll (none on a phone), no header row on a phone.
 */
export function usePhoneTable<T>(
  columns: TableColumnsType<T>,
  scrollX?: number,
): { columns: TableColumnsType<T>; scroll?: { x: number }; showHeader: boolean; className?: string } {
  const phone = usePhone();
  const cards = useMemo(() => (phone ? phoneCardColumns(columns) : columns), [phone, columns]);
  return {
    columns: cards,
    scroll: phone || scrollX === undefined ? undefined : { x: scrollX },
    showHeader: !phone,
    className: phone ? 'qlcv-phone-cards' : undefined,
  };
}
