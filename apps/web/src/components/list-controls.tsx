import { SearchOutlined } from '@ant-design/icons';
import { Input, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

export const PAGE_SIZES = [10, 20, 50, 100];

export interface ListParams {
  page: number;
  per_page: number;
  sort: string;
  search: string;
  /** Filters named by the page, as the URL holds them. */
  filters: Record<string, string | undefined>;
}

/**
 * A list's page, size, sort, search and filters, kept in the address bar so that a reload, a shared
 * link or coming back from a record shows the same list.
 */
export function useListParams(options: { sort: string; perPage?: number; filters?: readonly string[] }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKeys = options.filters ?? [];
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the query string changes
  const params = useMemo<ListParams>(() => {
    const page = Number(searchParams.get('page'));
    const perPage = Number(searchParams.get('per_page'));
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      per_page: PAGE_SIZES.includes(perPage) ? perPage : (options.perPage ?? 20),
      sort: searchParams.get('sort') || options.sort,
      search: searchParams.get('search') ?? '',
      filters: Object.fromEntries(filterKeys.map((k) => [k, searchParams.get(k) || undefined])),
    };
  }, [key]);

  // A navigation is asynchronous (the route's guards run first): a change made before the previous one has
  // landed must build on it, not on the address still shown, or the previous change is lost.
  const issued = useRef<string[]>([]);
  useEffect(() => {
    const at = issued.current.indexOf(key);
    // One of ours landed: keep those issued after it. Anything else (a link, Back): start from the address.
    issued.current = at >= 0 ? issued.current.slice(at + 1) : [];
  }, [key]);

  /** Changes some values; any change other than the page goes back to page 1. */
  const update = (patch: Record<string, string | number | null | undefined>) => {
    const next = new URLSearchParams(issued.current.at(-1) ?? searchParams);
    for (const [name, value] of Object.entries(patch)) {
      if (value === null || value === undefined || value === '') next.delete(name);
      else next.set(name, String(value));
    }
    if (!('page' in patch)) next.delete('page');
    if (next.get('sort') === options.sort) next.delete('sort');
    if (next.toString() === (issued.current.at(-1) ?? key)) return;
    issued.current.push(next.toString());
    setSearchParams(next, { replace: true });
  };

  return { params, update };
}

/** The query a list call sends: empty values left out by the requester. */
export function toQuery(params: ListParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    per_page: params.per_page,
    sort: params.sort,
    search: params.search || undefined,
    ...params.filters,
  };
}

/** `-name` → the Table's 'descend' on the `name` column. */
export function sortOrderOf(sort: string, field: string): 'ascend' | 'descend' | null {
  if (sort === field) return 'ascend';
  if (sort === `-${field}`) return 'descend';
  return null;
}

/** The Table's sorter → `name` / `-name`, or undefined when cleared. */
export function sortFromSorter<T>(sorter: SorterResult<T> | SorterResult<T>[]): string | undefined {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!s?.order || !s.columnKey) return undefined;
  return s.order === 'descend' ? `-${String(s.columnKey)}` : String(s.columnKey);
}

/**
 * The Table props of a list paged and sorted by the server: page, size and sort go to the address bar through
 * `update` (from `useListParams`), the total comes from the list's `meta`.
 */
export function serverPaging<T>(
  params: ListParams,
  update: ReturnType<typeof useListParams>['update'],
  total: number | undefined,
  noun: string,
): Pick<TableProps<T>, 'pagination' | 'onChange'> {
  return {
    pagination: {
      current: params.page,
      pageSize: params.per_page,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZES,
      showTotal: (n) => `Tổng ${n} ${noun}`,
    },
    onChange: (pagination, _filters, sorter, extra) => {
      if (extra.action === 'paginate') update({ page: pagination.current, per_page: pagination.pageSize });
      if (extra.action === 'sort') update({ sort: sortFromSorter(sorter) ?? null });
    },
  };
}

/** A search box that reports what was typed after a short pause (and at once on Enter). */
export function SearchInput({
  value,
  onSearch,
  placeholder,
  width = 280,
}: {
  value: string;
  onSearch: (value: string) => void;
  placeholder: string;
  width?: number;
}) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;

  // Follow the address (e.g. "Xóa bộ lọc"), but keep what is being typed, trailing space included.
  useEffect(() => setText((typed) => (typed.trim() === value.trim() ? typed : value)), [value]);

  useEffect(() => {
    if (text.trim() === value.trim()) return;
    const timer = setTimeout(() => latest.current(text.trim()), 400);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <Input
      allowClear
      type="search"
      role="searchbox"
      aria-label={placeholder}
      prefix={<SearchOutlined style={{ color: '#8c8c8c' }} />}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onPressEnter={() => onSearch(text.trim())}
      style={{ width, maxWidth: '100%' }}
      maxLength={200}
    />
  );
}
