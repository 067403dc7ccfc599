import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { formatNumber } from '@qlcv/common/format/number';
import { ALL_ROWS_CAP } from '@qlcv/common/list-limits';
import type { Paginated } from '@qlcv/common/schemas/common';
import { Button, Input, type PaginationProps, Select, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from './page-states';
import { usePhoneTable } from './phone-cards';

export const PAGE_SIZES = [10, 20, 50, 100];

/** Rows a page: a size, or `all` (seed §9 "all rows": every row, up to ALL_ROWS_CAP, on one page). */
export type PerPage = number | 'all';

/** The size picker's "Tất cả" stands for `per_page=all`; Ant Design's size changer needs a number for it. */
const ALL_ROWS_SIZE = ALL_ROWS_CAP;
const toPerPage = (size: number | undefined, fallback: PerPage): PerPage => (size === ALL_ROWS_SIZE ? 'all' : (size ?? fallback));

const SIZE_OPTIONS = [...PAGE_SIZES.map((n) => ({ value: n, label: `${n} / trang` })), { value: ALL_ROWS_SIZE, label: 'Tất cả' }];

/** The hint beside a list's total when "Tất cả" cannot show every row. */
export const ALL_ROWS_HINT = `hiển thị tối đa ${formatNumber(ALL_ROWS_CAP)} dòng`;

/** A search's total the server stopped counting (`meta.total_capped`): "Hơn 1.000 kết quả — …". */
export const cappedTotalText = (total: number) => `Hơn ${formatNumber(total)} kết quả — thêm điều kiện để thu hẹp`;

/**
 * The pagination of a table with the shared page sizes and "Tất cả": 10/20/50/100 a page or every row (up to
 * ALL_ROWS_CAP, with a hint when the total is larger). `onChange` gets the size back as `per_page` sends it.
 * `capped`: the total is a search's bound, not a count (decision 41.10): the pages stop there and the text says so.
 */
export function pagination({
  current,
  perPage,
  total,
  capped = false,
  noun,
  onChange,
}: {
  current: number;
  perPage: PerPage;
  total: number;
  capped?: boolean;
  /** What the total counts, e.g. "yêu cầu": "Tổng 12 yêu cầu". */
  noun: string;
  onChange: (page: number, perPage: PerPage) => void;
}): PaginationProps {
  const all = perPage === 'all';
  return {
    // "Tất cả" is one page: the server answers page 1 of at most ALL_ROWS_CAP rows.
    current: all ? 1 : current,
    pageSize: all ? ALL_ROWS_SIZE : perPage,
    total: all ? Math.min(total, ALL_ROWS_CAP) : total,
    pageSizeOptions: [...PAGE_SIZES, ALL_ROWS_SIZE],
    showSizeChanger: { options: SIZE_OPTIONS },
    showTotal: () =>
      capped
        ? cappedTotalText(total)
        : `Tổng ${formatNumber(total)} ${noun}${all && total > ALL_ROWS_CAP ? ` · ${ALL_ROWS_HINT}` : ''}`,
    onChange: (page, size) => onChange(page, toPerPage(size, perPage)),
  };
}

export interface ListParams {
  page: number;
  per_page: PerPage;
  sort: string;
  search: string;
  /** Filters named by the page, as the URL holds them. */
  filters: Record<string, string | undefined>;
}

/**
 * A list's page, size, sort, search and filters, kept in the address bar so that a reload, a shared
 * link or coming back from a record shows the same list. `views` are values held the same way that
 * choose what is shown (a tab, a tree or list view) rather than narrow it: "Xóa bộ lọc" keeps them.
 */
export function useListParams(options: {
  sort: string;
  perPage?: number;
  filters?: readonly string[];
  views?: readonly string[];
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKeys = [...(options.filters ?? []), ...(options.views ?? [])];
  const key = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when the query string changes
  const params = useMemo<ListParams>(() => {
    const page = Number(searchParams.get('page'));
    const rawPerPage = searchParams.get('per_page');
    const perPage = Number(rawPerPage);
    return {
      page: Number.isInteger(page) && page > 0 ? page : 1,
      per_page: rawPerPage === 'all' ? 'all' : PAGE_SIZES.includes(perPage) ? perPage : (options.perPage ?? 20),
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

  const narrowing = options.filters ?? [];
  /** Whether a search or a filter narrows the list. */
  const filtered = !!params.search || narrowing.some((k) => params.filters[k]);
  /** Clears the search and every filter. */
  const clear = () => update(Object.fromEntries([...narrowing, 'search'].map((k) => [k, null])));

  return { params, update, filtered, clear };
}

type Update = ReturnType<typeof useListParams>['update'];

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

/** The query of a list's export: its filters, search and sort, every page. */
export function toExportQuery(params: ListParams): Record<string, string | number | undefined> {
  const { page: _page, per_page: _perPage, ...rest } = toQuery(params);
  return rest;
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
function serverPaging<T>(
  params: ListParams,
  update: Update,
  meta: Paginated<T>['meta'] | undefined,
  noun: string,
): Pick<TableProps<T>, 'pagination' | 'onChange'> {
  return {
    pagination: pagination({
      current: params.page,
      perPage: params.per_page,
      total: meta?.total ?? 0,
      capped: meta?.total_capped === true,
      noun,
      // The address changes through the table's onChange below, which also sees a sort.
      onChange: () => {},
    }),
    onChange: (p, _filters, sorter, extra) => {
      if (extra.action === 'paginate') {
        const perPage = toPerPage(p.pageSize, params.per_page);
        update({ page: perPage === 'all' ? null : p.current, per_page: perPage });
      }
      if (extra.action === 'sort') update({ sort: sortFromSorter(sorter) ?? null });
    },
  };
}

/** What a list's query hook gives the table. */
export interface ListQueryState<T> {
  data?: Paginated<T>;
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * The table of a list paged, sorted and counted by the server: the load error with a retry in its place, nothing
 * while the first page loads, `empty` when there is no row, and a page past the end (rows deleted meanwhile, an old
 * link) moved back to the last one. On a phone each row is a card (phone-cards.tsx): no column off the screen's edge.
 */
export function ServerTable<T extends { id: number }>({
  query,
  columns,
  params,
  update,
  noun,
  empty,
  scrollX,
}: {
  query: ListQueryState<T>;
  columns: TableColumnsType<T>;
  params: ListParams;
  update: Update;
  /** What the total counts, e.g. "yêu cầu": "Tổng 12 yêu cầu". */
  noun: string;
  empty: ReactNode;
  scrollX: number;
}) {
  const lastPage = query.data?.meta.last_page ?? 1;
  const phoneTable = usePhoneTable(columns, scrollX);
  useEffect(() => {
    if (query.data && params.page > Math.max(1, lastPage)) update({ page: Math.max(1, lastPage) });
  }, [query.data, params.page, lastPage, update]);

  if (query.isError) return <LoadError plain error={query.error} onRetry={() => query.refetch()} />;
  return (
    <Table<T>
      rowKey="id"
      {...phoneTable}
      dataSource={query.data?.data}
      loading={query.isFetching}
      locale={{ emptyText: query.isPending ? ' ' : empty }}
      sortDirections={['ascend', 'descend', 'ascend']}
      {...serverPaging<T>(params, update, query.data?.meta, noun)}
    />
  );
}

/** A filter of several values kept in the address bar as `a,b`. */
export function CsvSelect({
  placeholder,
  options,
  value,
  onChange,
  width,
}: {
  placeholder: string;
  options: { value: string; label?: ReactNode }[];
  value: string | undefined;
  onChange: (value: string | null) => void;
  width: number;
}) {
  return (
    <Select
      mode="multiple"
      aria-label={`Lọc theo ${placeholder.toLowerCase()}`}
      placeholder={placeholder}
      allowClear
      maxTagCount="responsive"
      style={{ width }}
      options={options}
      // Typing finds an option by what it says ("Vượt"), not by its value ("exceeded").
      filterOption={(input, option) =>
        (typeof option?.label === 'string' ? option.label : String(option?.value ?? ''))
          .toLocaleLowerCase('vi')
          .includes(input.toLocaleLowerCase('vi'))
      }
      value={value ? value.split(',') : []}
      onChange={(v: string[]) => onChange(v.length > 0 ? v.join(',') : null)}
    />
  );
}

/** "Xóa bộ lọc" beside a list's filters, shown while any narrows the list. */
export function ClearFiltersLink({ onClick }: { onClick: () => void }) {
  return (
    <Button type="link" icon={<ClearOutlined />} onClick={onClick}>
      Xóa bộ lọc
    </Button>
  );
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

  // Follow the address (e.g. "Xóa bộ lọc", Back), but keep what is being typed, trailing space included. Text typed
  // since the last address (say just after "Xóa bộ lọc", while its navigation is still landing) is not replaced.
  const shown = useRef(value);
  useEffect(() => {
    const before = shown.current;
    shown.current = value;
    setText((typed) => (typed.trim() === value.trim() || typed.trim() !== before.trim() ? typed : value));
  }, [value]);

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
      // Leaving the box sends what is typed at once: a click elsewhere ("Sửa", a row's link) then navigates after
      // it, instead of being cancelled by a search still waiting out its 0.4 s (the newer navigation wins).
      onBlur={() => {
        if (text.trim() !== value.trim()) onSearch(text.trim());
      }}
      style={{ width, maxWidth: '100%' }}
      maxLength={200}
    />
  );
}
