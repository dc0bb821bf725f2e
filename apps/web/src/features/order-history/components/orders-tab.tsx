import type { HistoryPage } from '@tavola/contract';
import { Download, Filter, Receipt } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeFields, rangeProblem } from '@/components/ui/date-range';
import { toastProblem } from '@/components/ui/form';
import { formatMoney, formatTime } from '@/lib/format';
import { placeText } from '@/lib/place-messages';
import { download } from '@/lib/download';
import { historyExportPath, useOrderHistory } from '@/features/order-history/api/get-order-history';
import { receiptPdfPath } from '@/features/order-history/api/get-receipt';
import { t } from '../messages';

type HistoryRow = HistoryPage['rows'][number];

/**
 * `printActions`: what the route adds to an order's row to print it again (the printers
 * feature's buttons: its tickets, and a paid order's receipt).
 */
export function OrdersTab({
  printActions,
}: { printActions?: (row: HistoryRow) => ReactNode } = {}) {
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [filter, setFilter] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { data, isPending, isError, error } = useOrderHistory({ ...filter, page });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const exportAs = (format: 'csv' | 'pdf') => {
    download(historyExportPath(filter, format), `orders.${format}`).catch((e: unknown) =>
      toastProblem(t('unableToExport'), e),
    );
  };

  // Staff reprint a paid order's receipt; the PDF says COPY.
  const reprint = (orderNumber: number) => {
    download(receiptPdfPath(orderNumber), `receipt-order-${orderNumber}.pdf`).catch((e: unknown) =>
      toastProblem(t('unableToPrintReceipt'), e),
    );
  };

  const currency = data?.currency;
  const columns: Column<HistoryRow>[] = [
    {
      key: 'order',
      header: t('orderNo'),
      className: 'font-semibold',
      cell: (r) => t('orderNumber', { number: r.orderNumber }),
    },
    // A tab's order names the tab ("Takeaway · Ben") where a table's names its number.
    { key: 'table', header: t('table'), cell: (r) => r.tableNumber ?? placeText(r) },
    // The items keep a readable column; the card scrolls instead.
    { key: 'items', header: t('items'), headerClassName: 'min-w-64', cell: (r) => r.items },
    {
      key: 'total',
      header: t('total'),
      className: 'tabular-nums',
      cell: (r) => (currency ? formatMoney(r.total, currency) : r.total),
    },
    {
      key: 'waiter',
      header: t('waiter'),
      className: 'whitespace-nowrap',
      cell: (r) => r.waiter ?? '—',
    },
    {
      key: 'time',
      header: t('time'),
      className: 'whitespace-nowrap',
      cell: (r) => formatTime(r.time, data?.timezone, 'dateTime'),
    },
    {
      key: 'receipt',
      header: t('receipt'),
      className: 'py-1',
      cell: (r) =>
        r.status === 'paid' && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={t('receiptFor', { number: r.orderNumber })}
            onClick={() => reprint(r.orderNumber)}
          >
            <Receipt aria-hidden className="size-4" /> {t('receipt')}
          </Button>
        ),
    },
    ...(printActions
      ? [
          {
            key: 'print',
            header: t('print'),
            srOnlyHeader: true,
            className: 'py-1 whitespace-nowrap',
            cell: printActions,
          },
        ]
      : []),
  ];

  return (
    <section className="space-y-4" aria-labelledby="history-title">
      <h2 id="history-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <DateRangeFields idPrefix="h" value={draft} onChange={setDraft} />
        <Button
          variant="outline"
          onClick={() => {
            const problem = rangeProblem(draft);
            setRangeError(problem);
            if (problem) return;
            setFilter(draft);
            setPage(1);
          }}
        >
          <Filter aria-hidden className="size-4" /> {t('filterByDate')}
        </Button>
        <Button variant="outline" onClick={() => exportAs('csv')}>
          <Download aria-hidden className="size-4" /> {t('export')}
        </Button>
        <Button variant="ghost" onClick={() => exportAs('pdf')}>
          PDF
        </Button>
      </div>
      {rangeError && <Alert tone="error">{rangeError}</Alert>}
      {isError && <Alert tone="error">{error.message}</Alert>}
      <DataTable
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.orderNumber}
        loading={isPending}
        empty={t('noOrders')}
      />
      <Pager
        summary={data ? t('ordersCount', { count: data.total }) : ''}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </section>
  );
}
