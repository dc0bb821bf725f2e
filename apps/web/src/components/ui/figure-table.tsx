import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * On a phone the figure tables stack: each row a block, its figures two to a line with their
 * column's name beside them (data-label), so no figure is cut off or hidden behind a scroll.
 * The explicit roles keep them tables for assistive technology whatever their display.
 */
const STACK = {
  table: 'w-full max-sm:block',
  head: 'bg-stone-50 text-stone-600 max-sm:sr-only',
  body: 'divide-y divide-stone-100 max-sm:block',
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:py-1',
  rowHeader: 'px-2 py-1 text-left font-medium max-sm:col-span-2',
  // The column titles are hidden on a phone; the table's title stays above its rows.
  caption: 'px-2 pb-1 text-left font-semibold text-stone-600 max-sm:block sm:sr-only',
  cell: 'px-2 py-1 text-right tabular-nums max-sm:flex max-sm:justify-between max-sm:gap-2 max-sm:before:font-normal max-sm:before:text-stone-500 max-sm:before:content-[attr(data-label)]',
} as const;

/**
 * A small table of figures (a day's totals by kind): named rows of numbers under column titles,
 * that stacks on a phone instead of scrolling. Records go in a DataTable; figures go here.
 */
export function FigureTable({
  label,
  caption,
  titles,
  className,
  children,
}: {
  /** The table's name for screen readers. */
  label: string;
  /** Its title, shown above its rows on a phone (where the column titles are hidden). */
  caption: string;
  /** The column titles: the row names' column first, then one per figure. */
  titles: readonly string[];
  className?: string;
  /** Its FigureRows. */
  children: ReactNode;
}) {
  return (
    <table role="table" className={cn(STACK.table, className)} aria-label={label}>
      <caption className={STACK.caption}>{caption}</caption>
      <thead role="rowgroup" className={STACK.head}>
        <tr role="row">
          {titles.map((t, i) => (
            <th
              key={t}
              role="columnheader"
              scope="col"
              className={`px-2 py-1 ${i === 0 ? 'text-left' : 'text-right'}`}
            >
              {t}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className={STACK.body}>
        {children}
      </tbody>
    </table>
  );
}

/**
 * One row of figures: its name, then each figure under its column's name (shown beside it on a
 * phone). The last figure is the row's total.
 */
export function FigureRow({
  label,
  figures,
  className = '',
  boldTotal = false,
  labelSpan,
}: {
  label: ReactNode;
  figures: readonly (readonly [column: string, value: ReactNode])[];
  className?: string;
  boldTotal?: boolean;
  labelSpan?: number;
}) {
  return (
    <tr role="row" className={`${STACK.row}${className}`}>
      <th role="rowheader" scope="row" className={STACK.rowHeader} colSpan={labelSpan}>
        {label}
      </th>
      {figures.map(([column, value], i) => (
        <td
          key={column}
          role="cell"
          data-label={column}
          className={`${STACK.cell}${boldTotal && i === figures.length - 1 ? ' font-semibold' : ''}`}
        >
          {value}
        </td>
      ))}
    </tr>
  );
}
