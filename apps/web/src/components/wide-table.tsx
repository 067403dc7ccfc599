import { SwapOutlined } from '@ant-design/icons';
import { Table, type TableColumnsType, type TableProps, Typography } from 'antd';
import { useMemo } from 'react';
import { usePhone } from './phone-cards';

/** "Vuốt ngang để xem thêm" above a table that scrolls sideways on a phone; nothing elsewhere. */
export function ScrollHint() {
  const phone = usePhone();
  if (!phone) return null;
  return (
    <Typography.Text type="secondary" className="qlcv-scroll-hint" style={{ display: 'block', fontSize: 12, marginBottom: 6 }}>
      <SwapOutlined /> Vuốt ngang để xem thêm
    </Typography.Text>
  );
}

/**
 * A table whose width is its meaning (a ledger, a grid of days): it keeps its columns on a phone and scrolls inside
 * its own box, saying so, with its first column fixed so each row keeps its name in sight. On wider screens a plain
 * table with the same props.
 */
export function WideTable<T extends object>({
  columns,
  scrollX,
  scroll,
  ...props
}: Omit<TableProps<T>, 'columns'> & {
  columns: TableColumnsType<T>;
  /** Its width on a phone, where it scrolls; `scroll` stays what wider screens get. */
  scrollX: number;
}) {
  const phone = usePhone();
  const shown = useMemo(
    () => (phone ? columns.map((c, i) => (i === 0 ? { ...c, fixed: 'left' as const } : c)) : columns),
    [phone, columns],
  );
  return (
    <>
      <ScrollHint />
      <Table<T> {...props} columns={shown} scroll={phone ? { x: scrollX } : scroll} />
    </>
  );
}
