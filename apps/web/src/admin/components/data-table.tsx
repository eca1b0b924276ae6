import { type ColumnDef, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';

interface DataTableProps<T> {
  caption: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  empty?: string;
  rowKey: (row: T) => string;
}

/** A dense table (TanStack Table): the server pages, filters and sorts; this only lays the rows out. */
export function DataTable<T>({
  caption,
  columns,
  data,
  empty = '該当するデータはありません。',
  rowKey,
}: DataTableProps<T>) {
  const table = useReactTable({ data, columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey });
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={(header.column.columnDef.meta as { className?: string })?.className}
                >
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="adm-empty">
                {empty}
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={(cell.column.columnDef.meta as { className?: string })?.className}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
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
  onPage: (page: number) => void;
}

export function Pager({ page, pageCount, total, pageSize, onPage }: PagerProps) {
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav className="adm-pager" aria-label="ページ送り">
      <span>
        全 {total.toLocaleString('ja-JP')} 件中 {from}〜{to} 件
      </span>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page <= 1}>
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
