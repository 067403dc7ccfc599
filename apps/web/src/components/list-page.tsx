import { ClearOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  ClearFiltersLink,
  type ListQueryState,
  SearchInput,
  ServerTable,
  toExportQuery,
  type useListParams,
} from './list-controls';
import { PageHeader } from './page-header';

/** What `useListParams` gives a list page. */
export type ListState = ReturnType<typeof useListParams>;

/** The query an export sends: the list's filters, search and sort. */
export type ExportQuery = Record<string, string | number | undefined>;

/** A list's export mutation (a feature's `useExport…()`). */
export interface Exporter {
  isPending: boolean;
  // A method, so that a mutation typed with the feature's own query fits.
  mutate(query: ExportQuery): void;
}

/** "Xuất Excel": downloads the list as filtered and sorted. */
export function ExportButton({ exporter, query }: { exporter: Exporter; query: ExportQuery }) {
  return (
    <Button icon={<DownloadOutlined />} loading={exporter.isPending} onClick={() => exporter.mutate(query)}>
      Xuất Excel
    </Button>
  );
}

/** A list's primary "Thêm …" button, to its create page. */
export function CreateButton({ label, to }: { label: string; to: string }) {
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(to)}>
      {label}
    </Button>
  );
}

/** A list's filter row: the search box, the page's filters, and "Xóa bộ lọc" while any narrows the list. */
export function ListFilters({
  list,
  search,
  children,
}: {
  list: ListState;
  search: { placeholder: string; width?: number };
  children?: ReactNode;
}) {
  const { params, update, filtered, clear } = list;
  return (
    <Space wrap size={[12, 12]} style={{ marginBottom: 16 }}>
      <SearchInput
        value={params.search}
        onSearch={(value) => update({ search: value })}
        placeholder={search.placeholder}
        width={search.width}
      />
      {children}
      {filtered && <ClearFiltersLink onClick={clear} />}
    </Space>
  );
}

/**
 * A list's empty state: "Không tìm thấy <noun> nào phù hợp với điều kiện lọc" with "Xóa bộ lọc" while a search or a
 * filter narrows it, else `text` with `actions` under it (e.g. the create button).
 */
export function ListEmpty({ list, noun, text, actions }: { list: ListState; noun: string; text: string; actions?: ReactNode }) {
  return list.filtered ? (
    <Empty description={`Không tìm thấy ${noun} nào phù hợp với điều kiện lọc`}>
      <Button icon={<ClearOutlined />} onClick={list.clear}>
        Xóa bộ lọc
      </Button>
    </Empty>
  ) : (
    <Empty description={text}>{actions}</Empty>
  );
}

/**
 * The frame of a list page: the header (title, subtitle, "Xuất Excel" and the create button as permitted), and in a
 * card the filter row, the server-paged table and its empty states.
 */
export function ListPage<T extends { id: number }>({
  title,
  subtitle,
  list,
  query,
  columns,
  noun,
  scrollX,
  exporter,
  exportQuery,
  create,
  leadActions,
  actions,
  search,
  filters,
  emptyText,
  emptyActions,
  top,
  footer,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  list: ListState;
  query: ListQueryState<T>;
  columns: TableColumnsType<T>;
  /** What the list counts, e.g. "đơn vị tính": "Tổng 12 đơn vị tính", "Chưa có … nào phù hợp…". */
  noun: string;
  scrollX: number;
  /** "Xuất Excel" in the header; left out, no export. */
  exporter?: Exporter;
  /** What the export sends, when more than the list's filters, search and sort. */
  exportQuery?: ExportQuery;
  /** The create button (its label and address), false or left out when the user may not create. */
  create?: { label: string; to: string } | false;
  /** Header buttons before "Xuất Excel". */
  leadActions?: ReactNode;
  /** Header buttons between "Xuất Excel" and the create button. */
  actions?: ReactNode;
  search: { placeholder: string; width?: number };
  /** The page's own filters, after the search box. */
  filters?: ReactNode;
  /** The empty state's text when nothing narrows the list, e.g. "Chưa có đơn vị tính nào". */
  emptyText: string;
  /** Under `emptyText`; the create button when left out. */
  emptyActions?: ReactNode;
  /** In the card, above the filter row (e.g. tabs). */
  top?: ReactNode;
  /** In the card, under the table (e.g. sums). */
  footer?: ReactNode;
  /** After the card (e.g. a dialog). */
  children?: ReactNode;
}) {
  const createButton = create && <CreateButton label={create.label} to={create.to} />;
  const extra = (leadActions || exporter || actions || createButton) && (
    <>
      {leadActions}
      {exporter && <ExportButton exporter={exporter} query={exportQuery ?? toExportQuery(list.params)} />}
      {actions}
      {createButton}
    </>
  );
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} extra={extra} />
      <Card>
        {top}
        <ListFilters list={list} search={search}>
          {filters}
        </ListFilters>
        <ServerTable<T>
          query={query}
          columns={columns}
          params={list.params}
          update={list.update}
          noun={noun}
          empty={<ListEmpty list={list} noun={noun} text={emptyText} actions={emptyActions ?? createButton} />}
          scrollX={scrollX}
        />
        {footer}
      </Card>
      {children}
    </>
  );
}
