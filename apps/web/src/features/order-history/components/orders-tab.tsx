import { Download, Filter, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { Input, Label } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';
import { formatMoney, formatTime } from '@/lib/format';
import { download } from '@/lib/download';
import { historyExportPath, useOrderHistory } from '@/features/order-history/api/get-order-history';
import { receiptPdfPath } from '@/features/order-history/api/get-receipt';

export function OrdersTab() {
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [filter, setFilter] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const { data, isPending, isError, error } = useOrderHistory({ ...filter, page });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const exportAs = (format: 'csv' | 'pdf') => {
    download(historyExportPath(filter, format), `orders.${format}`).catch((e: unknown) =>
      toast({
        title: 'Unable to export',
        description: e instanceof Error ? e.message : 'Please try again',
        variant: 'destructive',
      }),
    );
  };

  // Staff reprint a paid order's receipt (issue 16, item 2); the PDF says COPY.
  const reprint = (orderNumber: number) => {
    download(receiptPdfPath(orderNumber), `receipt-order-${orderNumber}.pdf`).catch((e: unknown) =>
      toast({
        title: 'Unable to print the receipt',
        description: e instanceof Error ? e.message : 'Please try again',
        variant: 'destructive',
      }),
    );
  };

  return (
    <section className="space-y-4" aria-labelledby="history-title">
      <h2 id="history-title" className="text-xl font-bold">
        Order History (Last 30 Days)
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="h-from">From</Label>
          <Input
            id="h-from"
            type="date"
            value={draft.from}
            onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="h-to">To</Label>
          <Input
            id="h-to"
            type="date"
            value={draft.to}
            onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
          />
        </div>
        <Button
          variant="outline"
          onClick={() => {
            if (draft.from && draft.to && draft.from > draft.to) {
              setRangeError('The start date must not be after the end date');
              return;
            }
            setRangeError(null);
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
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full min-w-[720px] text-left text-sm">
          <thead className="bg-stone-50 text-stone-600">
            <tr>
              {['Order #', 'Table', 'Items', 'Total', 'Waiter', 'Time', 'Receipt'].map((h) => (
                <th
                  key={h}
                  scope="col"
                  // The items keep a readable column; the card scrolls instead.
                  className={`px-3 py-2 font-semibold whitespace-nowrap ${h === 'Items' ? 'min-w-64' : ''}`}
                >
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {isPending ? (
              <tr>
                <td colSpan={7} className="px-3 py-8 text-center text-stone-500">
                  Loading…
                </td>
              </tr>
            ) : data?.rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="px-3 py-8 text-center text-stone-500">
                  No orders in this period.
                </td>
              </tr>
            ) : (
              data?.rows.map((r) => (
                <tr key={r.orderNumber}>
                  <td className="px-3 py-2 font-semibold">#{r.orderNumber}</td>
                  <td className="px-3 py-2">{r.tableNumber}</td>
                  <td className="px-3 py-2">{r.items}</td>
                  <td className="px-3 py-2 tabular-nums">{formatMoney(r.total, data.currency)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{r.waiter ?? '—'}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatTime(r.time, data.timezone, 'dateTime')}
                  </td>
                  <td className="px-3 py-1">
                    {r.status === 'paid' && (
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={`Receipt for order #${r.orderNumber}`}
                        onClick={() => reprint(r.orderNumber)}
                      >
                        <Receipt aria-hidden className="size-4" /> Receipt
                      </Button>
                    )}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        summary={data ? `${data.total} orders` : ''}
        page={page}
        pages={pages}
        onPage={setPage}
      />
    </section>
  );
}
