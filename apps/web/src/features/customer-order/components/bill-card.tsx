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
import { t } from '../messages';

const STATUS_LABELS = {
  new: 'status_new',
  preparing: 'status_preparing',
  ready: 'status_ready',
  served: 'status_served',
  paid: 'status_paid',
  cancelled: 'status_cancelled',
} as const;
const statusLabel = (status: string) =>
  Object.hasOwn(STATUS_LABELS, status)
    ? t(STATUS_LABELS[status as keyof typeof STATUS_LABELS])
    : status;

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
        <CardTitle>{t('currentBill')}</CardTitle>
        {paid ? (
          <Badge tone="green">{t('billPaid')}</Badge>
        ) : (
          <Badge tone="amber">{t('billPending')}</Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-3xl font-bold tabular-nums" data-testid="bill-total">
          {formatMoney(amount, currency)}
        </p>
        {!paid && orders.length === 0 && amount === 0 && (
          <p className="text-sm text-stone-600">{t('nothingOrdered')}</p>
        )}
        {!paid && parts && parts.total > 0 && (
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 text-sm" aria-label={t('billBreakdown')}>
            <dt>{t('net')}</dt>
            <dd className="text-right tabular-nums">{formatMoney(parts.net, currency)}</dd>
            {parts.service > 0 && (
              <>
                <dt>
                  {t('serviceCharge')}
                  {pct(charges?.serviceCharge)}
                </dt>
                <dd className="text-right tabular-nums">{formatMoney(parts.service, currency)}</dd>
              </>
            )}
            <dt>
              {charges?.pricesIncludeTax ? t('taxIncluded') : t('tax')}
              {pct(charges?.taxRate)}
            </dt>
            <dd className="text-right tabular-nums">{formatMoney(parts.tax, currency)}</dd>
            <dt className="font-semibold">{t('total')}</dt>
            <dd className="text-right font-semibold tabular-nums">
              {formatMoney(parts.total, currency)}
            </dd>
          </dl>
        )}
        {!paid && orders.length > 0 && (
          <ul className="space-y-2 text-sm" aria-label={t('ordersOnBill')}>
            {orders.map((order) => (
              <li key={order.id} className="rounded-lg bg-stone-50 p-2">
                <div className="flex items-center justify-between font-semibold">
                  <span>{t('orderNumber', { number: order.orderNumber })}</span>
                  <span className="flex items-center gap-2">
                    <Badge tone={order.status === 'ready' ? 'green' : 'neutral'}>
                      {statusLabel(order.status)}
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
          <ul className="space-y-1 text-sm" aria-label={t('discountsOnBill')}>
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
