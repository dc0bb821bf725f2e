import { placeLabel, type HistoryPage } from '@tavola/contract';
import { Download, Filter, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { DataTable, type Column } from '@/components/ui/data-table';
import { DateRangeFields, rangeProblem } from '@/components/ui/date-range';
import { toastProblem } from '@/components/ui/form';
import { formatMoney, formatTime } from '@/lib/format';
import { download } from '@/lib/download';
import { historyExportPath, useOrderHistory } from '@/features/order-history/api/get-order-history';
import { receiptPdfPath } from '@/features/order-history/api/get-receipt';

type HistoryRow = HistoryPage['rows'][number];

export function OrdersTab() {
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [filter, setFilter] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { data, isPending, isError, error } = useOrderHistory({ ...filter, page });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const exportAs = (format: 'csv' | 'pdf') => {
    download(historyExportPath(filter, format), `orders.${format}`).catch((e: unknown) =>
      toastProblem('Unable to export', e),
    );
  };

  // Staff reprint a paid order's receipt; the PDF says COPY.
  const reprint = (orderNumber: number) => {
    download(receiptPdfPath(orderNumber), `receipt-order-${orderNumber}.pdf`).catch((e: unknown) =>
      toastProblem('Unable to print the receipt', e),
    );
  };

  const currency = data?.currency;
  const columns: Column<HistoryRow>[] = [
    {
      key: 'order',
      header: 'Order #',
      className: 'font-semibold',
      cell: (r) => `#${r.orderNumber}`,
    },
    // A tab's order names the tab ("Takeaway · Ben") where a table's names its number.
    { key: 'table', header: 'Table', cell: (r) => r.tableNumber ?? placeLabel(r) },
    // The items keep a readable column; the card scrolls instead.
    { key: 'items', header: 'Items', headerClassName: 'min-w-64', cell: (r) => r.items },
    {
      key: 'total',
      header: 'Total',
      className: 'tabular-nums',
      cell: (r) => (currency ? formatMoney(r.total, currency) : r.total),
    },
    {
      key: 'waiter',
      header: 'Waiter',
      className: 'whitespace-nowrap',
      cell: (r) => r.waiter ?? '—',
    },
    {
      key: 'time',
      header: 'Time',
      className: 'whitespace-nowrap',
      cell: (r) => formatTime(r.time, data?.timezone, 'dateTime'),
    },
    {
      key: 'receipt',
      header: 'Receipt',
      className: 'py-1',
      cell: (r) =>
        r.status === 'paid' && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Receipt for order #${r.orderNumber}`}
            onClick={() => reprint(r.orderNumber)}
          >
            <Receipt aria-hidden className="size-4" /> Receipt
          </Button>
        ),
    },
  ];

  return (
    <section className="space-y-4" aria-labelledby="history-title">
      <h2 id="history-title" className="text-xl font-bold">
        Order History (Last 30 Days)
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
          <Filter aria-hidden className="size-4" /> Filter by Date
        </Button>
        <Button variant="outline" onClick={() => exportAs('csv')}>
          <Download aria-hidden className="size-4" /> Export
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
        empty="No orders in this period."
      />
      <Pager
        summary={data ? `${data.total} orders` : ''}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </section>
  );
}
