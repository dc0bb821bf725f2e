import type { Receipt } from '@tavola/contract';
import { FileDown } from 'lucide-react';
import { Fragment, useEffect, useState } from 'react';
import { formatMoney, formatTime } from '@/lib/format';
import { getReceipt, receiptPath } from '../api/get-receipt';
import { t } from '../receipt-messages';

const method = (m: 'cash' | 'card') => t(m);

/**
 * The receipt after payment: itemised as the server issued it, with its PDF.
 * Loaded only once the bill is paid, so /order's first load stays within its budget.
 */
export default function ReceiptCard({ token, sessionId }: { token: string; sessionId: string }) {
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    getReceipt(token, sessionId, abort.signal)
      .then(setReceipt)
      .catch(() => !abort.signal.aborted && setFailed(true));
    return () => abort.abort();
  }, [token, sessionId]);

  if (failed) return null;
  if (!receipt) return <div className="h-40 animate-pulse rounded-xl bg-stone-200/70" />;
  const m = (amount: number) => formatMoney(amount, receipt.currency);
  const row = (label: string, amount: number, strong = false) => (
    <div className={`flex justify-between${strong ? ' font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{m(amount)}</dd>
    </div>
  );

  return (
    <section
      aria-labelledby="receipt-title"
      className="space-y-3 rounded-xl border border-stone-200 bg-white p-5 text-sm shadow-sm"
    >
      <div className="text-center">
        <h2 id="receipt-title" className="text-lg font-semibold">
          {t('title', { number: receipt.number })}
        </h2>
        <p className="text-stone-600">
          {receipt.restaurantName} · {t('table', { table: receipt.tableNumber })} ·{' '}
          {formatTime(receipt.issuedAt, receipt.timezone, 'dateTime')}
        </p>
      </div>
      <ul className="space-y-1" aria-label={t('lines')}>
        {receipt.lines.map((l, i) => (
          <li key={i} className="flex justify-between gap-2">
            <span>
              {l.quantity} × {l.name}
            </span>
            <span className="tabular-nums">{m(l.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <dl className="space-y-1 border-t border-stone-200 pt-2">
        {row(t('items'), receipt.itemsTotal)}
        {/* Each discount or comp under the items, with what it took off them and why. */}
        {receipt.discounts?.map((d, i) => (
          <div key={`discount-${i}`} className="flex justify-between gap-2">
            <dt>
              {d.label}
              {d.lineName ? `: ${d.lineName}` : ''} ({d.reason})
            </dt>
            <dd className="tabular-nums">{m(-d.amount)}</dd>
          </div>
        ))}
        {receipt.serviceAdded !== 0 &&
          row(
            receipt.serviceChargeRate === null
              ? t('serviceCharge')
              : t('serviceChargeRate', { rate: receipt.serviceChargeRate }),
            receipt.serviceAdded,
          )}
        {!receipt.pricesIncludeTax &&
          receipt.taxes.map((x) => (
            <Fragment key={x.rate}>{row(t('taxRate', { rate: x.rate }), x.tax)}</Fragment>
          ))}
        {row(t('total'), receipt.total, true)}
        {receipt.tip > 0 && row(t('tip'), receipt.tip)}
        {receipt.payments
          ? row(t('paid'), receipt.paid, true)
          : row(t('paidBy', { method: method(receipt.method) }), receipt.paid, true)}
        {/* A bill paid in parts lists each payment, its tip included. */}
        {receipt.payments?.map((p, i) => (
          <div key={i} className="flex justify-between pl-3 text-xs text-stone-600">
            <dt>{method(p.method)}</dt>
            <dd className="tabular-nums">{m(p.amount + p.tip)}</dd>
          </div>
        ))}
        {/* A part payment's receipt: what the bill still owed after it. */}
        {receipt.remaining !== undefined && row(t('leftToPay'), receipt.remaining, true)}
        {/* Money given back since, each on the day it was given: the receipt says so. */}
        {receipt.refunds?.map((r, i) => (
          <div key={`refund-${i}`} className="flex justify-between text-red-800">
            <dt>{t('refunded', { method: method(r.method), date: r.date })}</dt>
            <dd className="tabular-nums">{m(-(r.amount + r.tip))}</dd>
          </div>
        ))}
        {receipt.pricesIncludeTax &&
          receipt.taxes.map((x) => (
            <div key={x.rate} className="flex justify-between text-xs text-stone-600">
              <dt>{t('includedTax', { rate: x.rate })}</dt>
              <dd className="tabular-nums">{m(x.tax)}</dd>
            </div>
          ))}
      </dl>
      <a
        href={receiptPath(token, sessionId, 'pdf')}
        target="_blank"
        rel="noopener"
        className="flex min-h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 font-semibold hover:bg-stone-100"
      >
        <FileDown aria-hidden className="size-4" /> {t('pdf')}
      </a>
    </section>
  );
}
