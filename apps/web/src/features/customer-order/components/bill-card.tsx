import type {
  BillCharges,
  BillOrder,
  BillParts,
  Currency,
  GuestBillDiscount,
} from '@tavola/contract';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatMoney } from '@/lib/format';

const STATUS_LABELS: Record<string, string> = {
  new: 'Received',
  preparing: 'Preparing',
  ready: 'Ready',
  served: 'Served',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

const pct = (rate: number | null | undefined) => (rate == null ? '' : ` (${rate}%)`);

export function BillCard({
  amount,
  currency,
  paid,
  orders,
  parts,
  charges,
  discounts = [],
}: {
  amount: number;
  currency: Currency;
  paid: boolean;
  orders: BillOrder[];
  /** The bill's net, service charge, tax and total (what `amount` is made of). */
  parts?: BillParts | undefined;
  charges?: BillCharges | undefined;
  /** The discounts and comps on the bill (who gave them stays with staff). */
  discounts?: readonly GuestBillDiscount[] | undefined;
}) {
  return (
    <Card>
      <CardHeader className="flex items-center justify-between gap-2">
        <CardTitle>Current Bill</CardTitle>
        {paid ? <Badge tone="green">Paid</Badge> : <Badge tone="amber">Pending</Badge>}
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-3xl font-bold tabular-nums" data-testid="bill-total">
          {formatMoney(amount, currency)}
        </p>
        {!paid && orders.length === 0 && amount === 0 && (
          <p className="text-sm text-stone-600">Nothing ordered through the app yet.</p>
        )}
        {!paid && parts && parts.total > 0 && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm" aria-label="Bill breakdown">
            <dt>Net</dt>
            <dd className="text-right tabular-nums">{formatMoney(parts.net, currency)}</dd>
            {parts.service > 0 && (
              <>
                <dt>Service charge{pct(charges?.serviceCharge)}</dt>
                <dd className="text-right tabular-nums">{formatMoney(parts.service, currency)}</dd>
              </>
            )}
            <dt>
              {charges?.pricesIncludeTax ? 'Tax included' : 'Tax'}
              {pct(charges?.taxRate)}
            </dt>
            <dd className="text-right tabular-nums">{formatMoney(parts.tax, currency)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold tabular-nums">
              {formatMoney(parts.total, currency)}
            </dd>
          </dl>
        )}
        {!paid && orders.length > 0 && (
          <ul className="space-y-2 text-sm" aria-label="Orders on this bill">
            {orders.map((order) => (
              <li key={order.id} className="rounded-lg bg-stone-50 p-2">
                <div className="flex items-center justify-between font-semibold">
                  <span>Order {order.orderNumber}</span>
                  <span className="flex items-center gap-2">
                    <Badge tone={order.status === 'ready' ? 'green' : 'neutral'}>
                      {STATUS_LABELS[order.status] ?? order.status}
                    </Badge>
                    <span className="tabular-nums">
                      {formatMoney(order.total[currency], currency)}
                    </span>
                  </span>
                </div>
                <ul className="mt-1 text-stone-600">
                  {order.items.map((line, i) => (
                    <li key={i} className="flex justify-between">
                      <span>
                        {line.quantity} × {line.name}
                      </span>
                      <span className="text-right tabular-nums">
                        {formatMoney(line.lineTotal[currency], currency)}
                        {line.discount && line.discount[currency] > 0 && (
                          <span className="block text-xs text-green-800">
                            −{formatMoney(line.discount[currency], currency)}
                          </span>
                        )}
                      </span>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
        {!paid && discounts.length > 0 && (
          <ul className="space-y-1 text-sm" aria-label="Discounts on this bill">
            {discounts.map((d) => (
              <li key={d.id} className="flex justify-between gap-2">
                <span>
                  {d.label}
                  {d.lineName ? `: ${d.lineName}` : ''}
                  <span className="block text-xs text-stone-600">{d.reason}</span>
                </span>
                <span className="tabular-nums text-green-800">
                  −{formatMoney(d.total[currency], currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
