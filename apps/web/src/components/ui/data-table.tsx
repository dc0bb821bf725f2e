import type { Key, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface Column<Row> {
  /** The column's own key (React's, and the header's when it is not plain text). */
  key: string;
  header: ReactNode;
  /** What a row shows in this column. */
  cell: (row: Row) => ReactNode;
  /** The row's header cell (`<th scope="row">`): the cell that names the row. */
  rowHeader?: boolean;
  /** Classes of this column's cells and header (width, alignment, wrapping). */
  className?: string;
  /** Classes of its header only. */
  headerClassName?: string;
  /** Header text that a screen reader hears but the eye does not see (an actions column). */
  srOnlyHeader?: boolean;
}

export interface DataTableProps<Row> {
  columns: readonly Column<Row>[];
  /** The rows (none yet while they load or when they failed to). */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => Key;
  /** While the rows load the table is not there yet, a line says they are loading. */
  loading?: boolean;
  /** Shown in one row across the table when there are no rows. */
  empty: ReactNode;
  /** The table's name for screen readers (its caption, hidden). */
  label?: string;
  /**
   * Below this width the table scrolls sideways inside its frame rather than squeezing its
   * columns: a phone (390 px) sees the first columns and swipes for the rest.
   */
  minWidth?: string;
  /** Classes of a row (a row that stands out). */
  rowClassName?: (row: Row) => string | undefined;
  /** True for a row whose record is being saved (the row says it is busy). */
  rowBusy?: (row: Row) => boolean;
  /** A last row under the others, in the table's foot (the totals), shown by the same columns. */
  foot?: Row;
  /** True while older rows show during a refetch (the table says it is busy). */
  busy?: boolean;
  /** Inside a card: no frame of its own. */
  bare?: boolean;
  className?: string;
}

const CELL = 'px-3 py-2';

/**
 * A list of records as a real table: column headers with scope, one row per record keyed by
 * `rowKey`, an empty row across all columns, in a frame that scrolls sideways on a narrow screen.
 * While loading it says so in place of the table, so the table found is one with its rows.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  label,
  minWidth = 'min-w-[720px]',
  rowClassName,
  rowBusy,
  foot,
  busy,
  bare = false,
  className,
}: DataTableProps<Row>) {
  const across = (content: ReactNode) => (
    <tr>
      <td colSpan={columns.length} className="px-3 py-8 text-center text-stone-500">
        {content}
      </td>
    </tr>
  );
  const cells = (row: Row) =>
    columns.map((c) =>
      c.rowHeader ? (
        <th key={c.key} scope="row" className={cn(CELL, 'font-semibold', c.className)}>
          {c.cell(row)}
        </th>
      ) : (
        <td key={c.key} className={cn(CELL, c.className)}>
          {c.cell(row)}
        </td>
      ),
    );
  const frame = cn(!bare && 'rounded-xl border border-stone-200 bg-white', className);
  if (loading) {
    return (
      <div className={frame}>
        <p role="status" className="px-3 py-8 text-center text-sm text-stone-500">
          Loading…
        </p>
      </div>
    );
  }
  return (
    <div
      // Relative, so the hidden texts (caption, an actions header) stay inside the scrolling frame
      // instead of widening the page.
      className={cn(
        'relative overflow-x-auto',
        !bare && 'rounded-xl border border-stone-200 bg-white',
        className,
      )}
      aria-busy={busy || undefined}
    >
      {/* Empty, it keeps to the screen's width so its message reads whole on a phone. */}
      <table className={cn('w-full text-left text-sm', rows?.length ? minWidth : undefined)}>
        {label && <caption className="sr-only">{label}</caption>}
        <thead className={cn('text-stone-600', bare ? 'border-b border-stone-200' : 'bg-stone-50')}>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className={cn(
                  CELL,
                  'font-semibold whitespace-nowrap',
                  c.className,
                  c.headerClassName,
                )}
              >
                {c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {!rows || rows.length === 0
            ? across(empty)
            : rows.map((row) => (
                <tr
                  key={rowKey(row)}
                  className={rowClassName?.(row)}
                  aria-busy={rowBusy ? rowBusy(row) : undefined}
                >
                  {cells(row)}
                </tr>
              ))}
        </tbody>
        {foot !== undefined && rows?.length ? (
          <tfoot className="border-t border-stone-300 font-semibold">
            <tr>{cells(foot)}</tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
