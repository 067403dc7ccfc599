import { ALL_ROWS_CAP } from '@qlcv/common/schemas/common';
import { describe, expect, it, vi } from 'vitest';
import { PAGE_SIZES, pagination, toQuery } from './list-controls';

describe('page sizes with "Tất cả" (seed §9 "all rows")', () => {
  it('offers 10/20/50/100 and "Tất cả"', () => {
    const p = pagination({ current: 2, perPage: 20, total: 45, noun: 'yêu cầu', onChange: () => {} });
    expect(p.pageSizeOptions).toEqual([...PAGE_SIZES, ALL_ROWS_CAP]);
    const options = (p.showSizeChanger as { options: { value: number; label: string }[] }).options;
    expect(options.map((o) => o.label)).toEqual(['10 / trang', '20 / trang', '50 / trang', '100 / trang', 'Tất cả']);
    expect(p).toMatchObject({ current: 2, pageSize: 20, total: 45 });
    expect(p.showTotal?.(45, [21, 40])).toBe('Tổng 45 yêu cầu');
  });

  it('sends per_page=all and shows one page, with a hint when the total passes the cap', () => {
    const onChange = vi.fn();
    const p = pagination({ current: 3, perPage: 'all', total: 2500, noun: 'yêu cầu', onChange });
    expect(p).toMatchObject({ current: 1, pageSize: ALL_ROWS_CAP, total: ALL_ROWS_CAP });
    expect(p.showTotal?.(ALL_ROWS_CAP, [1, ALL_ROWS_CAP])).toBe('Tổng 2.500 yêu cầu · hiển thị tối đa 1.000 dòng');
    expect(pagination({ current: 1, perPage: 'all', total: 999, noun: 'yêu cầu', onChange }).showTotal?.(999, [1, 999])).toBe(
      'Tổng 999 yêu cầu',
    );
    p.onChange?.(1, ALL_ROWS_CAP);
    expect(onChange).toHaveBeenLastCalledWith(1, 'all');
    p.onChange?.(1, 50);
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
    expect(toQuery({ page: 1, per_page: 'all', sort: 'name', search: '', filters: {} })).toMatchObject({ per_page: 'all' });
  });

  it('says a capped search total is a bound, not a count (decision 41.10)', () => {
    const p = pagination({ current: 1, perPage: 20, total: 1000, capped: true, noun: 'yêu cầu', onChange: () => {} });
    expect(p).toMatchObject({ total: 1000 });
    expect(p.showTotal?.(1000, [1, 20])).toBe('Hơn 1.000 kết quả — thêm điều kiện để thu hẹp');
    const exact = pagination({ current: 1, perPage: 20, total: 1000, noun: 'yêu cầu', onChange: () => {} });
    expect(exact.showTotal?.(1000, [1, 20])).toBe('Tổng 1.000 yêu cầu');
  });
});
