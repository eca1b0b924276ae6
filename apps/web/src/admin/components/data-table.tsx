import { ADMIN_COUNT_CAP } from '@tabi/contract/admin';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ColumnDef, flexRender, getCoreRowModel, type RowData, useReactTable } from '@tanstack/react-table';
import { useSearchParams } from 'react-router';
import { QueryView } from './query-state.tsx';

declare module '@tanstack/react-table' {
  // biome-ignore lint/correctness/noUnusedVariables: the type parameters must match TanStack Table's declaration.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The cells' (and the header's) class: `num`, `wrap`, `wrap-any`, `nowrap`. */
    className?: string;
    /** The cell names its row (`<th scope="row">`). */
    rowHeader?: boolean;
  }
}

/** A row's key when none is given: its `id` where it has one, else its place in the list (TanStack's own). */
function idOf(row: unknown, index: number): string {
  return typeof row === 'object' && row !== null && 'id' in row ? String(row.id) : String(index);
}

export interface DataTableProps<T> {
  caption: string;
  /** Shows the caption above the table (otherwise only screen readers read it). */
  captionShown?: boolean;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  empty?: string;
  /** No rows: the `empty` text alone, without the table's head. */
  emptyAsText?: boolean;
  /** The row's React key; by default its `id`. */
  rowKey?: (row: T) => string;
  rowClassName?: (row: T) => string | undefined;
  /** A class added to the table's own (`adm-table`). */
  className?: string;
}

/** Every list of the console (TanStack Table): the server pages, filters and sorts; this only lays the rows out. */
export function DataTable<T>({
  caption,
  captionShown = false,
  columns,
  data,
  empty = '該当するデータはありません。',
  emptyAsText = false,
  rowKey,
  rowClassName,
  className,
}: DataTableProps<T>) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey ?? idOf });
  const rows = table.getRowModel().rows;
  if (emptyAsText && rows.length === 0) return <p className="adm-empty">{empty}</p>;
  return (
    <div className="adm-table-wrap">
      <table className={className ? `adm-table ${className}` : 'adm-table'}>
        <caption className={captionShown ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={header.column.columnDef.meta?.className}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="adm-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={rowClassName?.(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                  return meta?.rowHeader ? (
                    <th key={cell.id} scope="row" className={meta.className}>
                      {content}
                    </th>
                  ) : (
                    <td key={cell.id} className={meta?.className}>
                      {content}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

interface PagerProps {
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  /** At least `total` match (the server counts so far and no further). */
  capped?: boolean | undefined;
  onPage: (page: number) => void;
}

export function Pager({ page, pageCount, total, pageSize, capped = false, onPage }: PagerProps) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  // A page past the last (an old link after bookings were canceled): said so, and 前へ goes to the last page.
  const beyond = page > pageCount;
  return (
    <nav className="adm-pager" aria-label="ページ送り">
      <span>
        全 {total.toLocaleString('ja-JP')} 件{capped ? '以上' : ''}
        {beyond ? '（このページには該当がありません）' : `中 ${from}〜${to} 件`}
        {capped && `（${ADMIN_COUNT_CAP.toLocaleString('ja-JP')} 件目より先は、条件を絞り込んでご覧ください）`}
      </span>
      <button type="button" onClick={() => onPage(Math.min(page - 1, pageCount))} disabled={page <= 1}>
        « 前へ
      </button>
      <span aria-current="page">
        {page} / {pageCount} ページ
      </span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={page >= pageCount}>
        次へ »
      </button>
    </nav>
  );
}

interface PageOf<T> {
  rows: T[];
  page: number;
  pageCount: number;
  total: number;
  pageSize: number;
  capped?: boolean | undefined;
}

/** Moves a paged list to another page: the page lives in the URL (`?page=`), beside the list's filters. */
export function usePageInUrl(): (page: number) => void {
  const [params, setParams] = useSearchParams();
  return (page) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
}

/** A list the server pages: the pager (the page lives in the URL, `?page=`) above its table. */
export function PagedTable<T>({
  query,
  ...table
}: { query: UseQueryResult<PageOf<T>> } & Omit<DataTableProps<T>, 'data'>) {
  const toPage = usePageInUrl();
  return (
    <QueryView query={query}>
      {(result) => (
        <div aria-busy={query.isFetching}>
          <Pager {...result} onPage={toPage} />
          <DataTable {...table} data={result.rows} />
        </div>
      )}
    </QueryView>
  );
}
