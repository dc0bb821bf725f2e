import {
  callStillWaiting,
  canActOnTable,
  canChangePriority,
  canMarkPaid,
  PRIORITIES,
  type Priority,
  type TableNotificationType,
} from '@tavola/contract';
import {
  ArrowRightLeft,
  Bell,
  ChevronDown,
  Clock,
  CreditCard,
  DoorOpen,
  Hand,
  MoveRight,
  NotebookPen,
  Split,
  Users,
} from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import type { FloorCheck, FloorOrder, FloorTable } from '@tavola/contract';
import { t } from '../messages';
import type { ReactNode } from 'react';

const STATUS_TONE: Record<FloorTable['status'], 'green' | 'blue' | 'amber' | 'red' | 'neutral'> = {
  available: 'neutral',
  active: 'green',
  waiting_payment: 'blue',
  needs_attention: 'red',
  maintenance: 'neutral',
};

const ORDER_TONE: Record<string, 'neutral' | 'amber' | 'green' | 'blue'> = {
  new: 'neutral',
  preparing: 'amber',
  ready: 'green',
  served: 'blue',
  paid: 'blue',
};

const PRIORITY_TONE = { low: 'neutral', normal: 'neutral', high: 'amber', urgent: 'red' } as const;

const since = (iso: string | null, now: Date) => {
  if (!iso) return '—';
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000));
  return minutes < 60
    ? t('minutes', { minutes })
    : t('hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
};

/** A badge's words for one kind of notice: its name for one, with the count for more. */
const notice = (type: TableNotificationType, count: number) => t(`notice_${type}`, { count });

/** An order's status as the card names it (the spec's lower-case words in English). */
const orderStatus = (status: FloorOrder['status']) => t(`orderStatus_${status}`);

export interface TableActions {
  claim: (table: FloorTable) => void;
  respond: (table: FloorTable, n: FloorTable['notifications'][number]) => void;
  serve: (orderId: string) => void;
  /** Mark Paid; `asked`: the guests asked for the bill (Take payment, whatever is still to come). */
  pay: (table: FloorTable, asked?: boolean) => void;
  /** Raise or lower an order's priority (the table's waiter, a manager or an admin). */
  setPriority: (order: FloorOrder, priority: Priority) => void;
  /** Only for staff who may void (managers and admins). */
  void?: (order: FloorOrder, line?: FloorOrder['items'][number]) => void;
  /** Close table, when this user may close this one (the board decides). */
  close?: (table: FloorTable) => void;
  /** Open the table's order screen, when this user may ring up here. */
  order?: (table: FloorTable) => void;
  /** Hand over their own table, or (a manager) reassign it, when this user may. */
  handOver?: { label: 'handOver' | 'reassign'; run: (table: FloorTable) => void };
  /** Move the table's bill to another table (seat it, or merge onto its bill), when this user may. */
  move?: (table: FloorTable) => void;
  /** Move one of the table's further checks to another table. */
  moveCheck?: (table: FloorTable, check: FloorCheck) => void;
  /** Split some lines off the table's bill into a check of their own, when this user may. */
  split?: (table: FloorTable) => void;
  /** Take payment for one of the table's further checks. */
  payCheck?: (table: FloorTable, check: FloorCheck) => void;
  /**
   * A round rung up on the card itself (the table's usual items, one tap each, and Send), when
   * this user may ring up here and the screen offers it.
   */
  quickOrder?: (table: FloorTable) => ReactNode;
}

export function TableCard({
  table,
  me,
  currency,
  now,
  expanded,
  busy,
  onToggle,
  actions,
}: {
  table: FloorTable;
  me: { id: string; role: string };
  currency: 'eur' | 'usd';
  now: Date;
  expanded: boolean;
  busy: boolean;
  onToggle: () => void;
  actions: TableActions;
}) {
  const mine = canActOnTable(me, table.assignedWaiter?.id ?? null);
  const readyOrders = table.orders.filter((o) => o.status === 'ready');
  const payable = table.sessionId && canMarkPaid(table.orders.map((o) => o.status));
  // The guests asked for the bill: taking it is the first thing on the card, one tap away, and
  // the request is answered by the payment itself.
  const takePayment =
    mine &&
    table.sessionId !== null &&
    table.notifications.some((n) => n.type === 'payment_requested');
  const attention = table.notifications.length > 0;
  const voidLine = actions.void;

  return (
    <article
      aria-label={t('table', { table: table.number })}
      className={cn(
        'rounded-xl border-2 bg-white shadow-sm',
        table.status === 'needs_attention'
          ? 'border-red-400'
          : attention
            ? 'border-amber-400'
            : 'border-stone-200',
      )}
    >
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={expanded}
        className="flex w-full items-start gap-3 p-4 text-left"
      >
        <div className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-stone-900 text-2xl font-black text-white">
          {table.number}
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <Badge tone={STATUS_TONE[table.status]}>{t(`status_${table.status}`)}</Badge>
            {/* One per kind, counting what is open now (the server and live events keep it so). */}
            {table.notifications.map((n) => (
              <Badge
                key={n.type}
                tone={n.type === 'call_waiter' || n.type === 'payment_requested' ? 'red' : 'amber'}
              >
                {notice(n.type, n.count)}
                {n.type === 'call_waiter' && callStillWaiting(n.createdAt, now)
                  ? t('stillWaiting')
                  : ''}
              </Badge>
            ))}
          </div>
          <p className="flex flex-wrap gap-x-3 text-sm text-stone-600">
            <span className="inline-flex items-center gap-1">
              <Users aria-hidden className="size-3.5" /> {table.customerCount}/{table.capacity}
            </span>
            <span>{table.assignedWaiter ? table.assignedWaiter.name : t('noWaiter')}</span>
            {table.sessionStart && (
              <span className="inline-flex items-center gap-1">
                <Clock aria-hidden className="size-3.5" />{' '}
                {t('seatedFor', { time: since(table.sessionStart, now) })}
              </span>
            )}
          </p>
          {table.currentOrder && (
            <p className="text-sm">
              {t('orderN', { number: table.currentOrder.orderNumber })}{' '}
              <Badge tone={ORDER_TONE[table.currentOrder.status] ?? 'neutral'}>
                {orderStatus(table.currentOrder.status)}
              </Badge>{' '}
              {table.currentOrder.priority !== 'normal' && (
                <>
                  <Badge tone={PRIORITY_TONE[table.currentOrder.priority]}>
                    {t(`priority_${table.currentOrder.priority}`)}
                  </Badge>{' '}
                </>
              )}
              <span className="font-semibold">{formatMoney(table.billTotal, currency)}</span>
            </p>
          )}
          {table.checks.map((c) => (
            <p key={c.sessionId} className="text-sm">
              {t('checkN', { check: c.checkNumber })}{' '}
              <span className="font-semibold">{formatMoney(c.billTotal, currency)}</span>
            </p>
          ))}
        </div>
        <ChevronDown
          aria-hidden
          className={cn('mt-1 size-5 shrink-0 transition', expanded && 'rotate-180')}
        />
      </button>

      {(takePayment || actions.order) && (
        <div className={cn('grid gap-2 px-4 pb-4', takePayment && actions.order && 'grid-cols-2')}>
          {actions.order && (
            <Button
              variant="secondary"
              size="lg"
              className="w-full"
              onClick={() => actions.order?.(table)}
            >
              <NotebookPen aria-hidden className="size-5" /> {t('order')}
            </Button>
          )}
          {takePayment && (
            <Button
              variant="primary"
              size="lg"
              className="w-full"
              disabled={busy}
              onClick={() => actions.pay(table, true)}
            >
              <CreditCard aria-hidden className="size-5" /> {t('takePayment')}
            </Button>
          )}
        </div>
      )}

      {actions.order && table.sessionId && actions.quickOrder && (
        <div className="px-4 pb-4">{actions.quickOrder(table)}</div>
      )}

      {expanded && (
        <div className="space-y-3 border-t border-stone-100 p-4">
          {table.orders.length > 0 ? (
            <ul className="space-y-2 text-sm">
              {table.orders.map((o) => (
                <li key={o.id} className="rounded-lg bg-stone-50 p-2">
                  <div className="flex items-center justify-between gap-2 font-semibold">
                    <span>
                      #{o.orderNumber}{' '}
                      <Badge tone={ORDER_TONE[o.status] ?? 'neutral'}>
                        {orderStatus(o.status)}
                      </Badge>
                    </span>
                    <span className="flex items-center gap-2">
                      {mine && canChangePriority(o.status) ? (
                        <select
                          aria-label={t('priorityOf', { number: o.orderNumber })}
                          value={o.priority}
                          disabled={busy}
                          onChange={(e) => {
                            const priority = PRIORITIES.find((p) => p === e.target.value);
                            if (priority) actions.setPriority(o, priority);
                          }}
                          className="min-h-9 rounded-md border border-stone-300 bg-white px-1 text-sm font-normal"
                        >
                          {PRIORITIES.map((p) => (
                            <option key={p} value={p}>
                              {t(`priority_${p}`)}
                            </option>
                          ))}
                        </select>
                      ) : (
                        o.priority !== 'normal' && (
                          <Badge tone={PRIORITY_TONE[o.priority]}>
                            {t(`priority_${o.priority}`)}
                          </Badge>
                        )
                      )}
                      {formatMoney(o.total, currency)}
                      {voidLine && (
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busy}
                          onClick={() => voidLine(o)}
                          aria-label={t('voidOrder', { number: o.orderNumber })}
                        >
                          {t('void')}
                        </Button>
                      )}
                    </span>
                  </div>
                  {voidLine ? (
                    <ul className="text-stone-600">
                      {o.items.map((i) => (
                        <li key={i.id} className="flex items-center justify-between gap-2">
                          <span>
                            {i.quantity}× {i.name}
                          </span>
                          <Button
                            size="sm"
                            variant="ghost"
                            disabled={busy}
                            onClick={() => voidLine(o, i)}
                            aria-label={t('voidLine', { name: i.name, number: o.orderNumber })}
                          >
                            {t('void')}
                          </Button>
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-stone-600">
                      {o.items.map((i) => `${i.quantity}× ${i.name}`).join(', ')}
                    </p>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">{t('noOrders')}</p>
          )}
          {table.checks.length > 0 && (
            <ul aria-label={t('separateChecks')} className="space-y-2">
              {table.checks.map((c) => (
                <li
                  key={c.sessionId}
                  className="flex items-center justify-between gap-2 rounded-lg bg-stone-50 p-2 text-sm"
                >
                  <span>
                    <span className="font-semibold">{t('checkN', { check: c.checkNumber })}</span> ·{' '}
                    {c.orders
                      .flatMap((o) => o.items.map((i) => `${i.quantity}× ${i.name}`))
                      .join(', ')}
                    <span className="block font-semibold">
                      {formatMoney(c.billTotal, currency)}
                    </span>
                  </span>
                  {actions.moveCheck && (
                    <Button
                      variant="outline"
                      className="min-h-12"
                      disabled={busy}
                      onClick={() => actions.moveCheck?.(table, c)}
                      aria-label={t('moveCheck', { check: c.checkNumber })}
                    >
                      <MoveRight aria-hidden className="size-4" /> {t('move')}
                    </Button>
                  )}
                  {mine && actions.payCheck && (
                    <Button
                      variant="primary"
                      className="min-h-12"
                      disabled={busy}
                      onClick={() => actions.payCheck?.(table, c)}
                      aria-label={t('payCheck', { check: c.checkNumber })}
                    >
                      <CreditCard aria-hidden className="size-4" /> {t('pay')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-stone-500">
            {t('lastActivity', { time: since(table.lastActivity, now) })}
          </p>
          <div className="flex flex-wrap gap-2">
            {table.sessionId && !table.assignedWaiter && (
              <Button disabled={busy} onClick={() => actions.claim(table)}>
                <Hand aria-hidden className="size-4" /> {t('claim')}
              </Button>
            )}
            {(mine || !table.assignedWaiter) &&
              table.notifications
                // A bill request is answered by Take payment.
                .filter(
                  (n) => n.type !== 'new_table' && !(takePayment && n.type === 'payment_requested'),
                )
                .map((n) => (
                  <Button
                    key={n.type}
                    variant="outline"
                    disabled={busy}
                    onClick={() => actions.respond(table, n)}
                  >
                    <Bell aria-hidden className="size-4" />{' '}
                    {t('respond', { notice: notice(n.type, n.count) })}
                  </Button>
                ))}
            {mine &&
              readyOrders.map((o) => (
                <Button
                  key={o.id}
                  variant="secondary"
                  disabled={busy}
                  onClick={() => actions.serve(o.id)}
                >
                  {t('markServed', { number: o.orderNumber })}
                </Button>
              ))}
            {mine && payable && !takePayment && (
              <Button variant="primary" disabled={busy} onClick={() => actions.pay(table)}>
                <CreditCard aria-hidden className="size-4" /> {t('markPaid')}
              </Button>
            )}
            {actions.handOver && (
              <Button
                variant="outline"
                disabled={busy}
                onClick={() => actions.handOver?.run(table)}
              >
                <ArrowRightLeft aria-hidden className="size-4" /> {t(actions.handOver.label)}
              </Button>
            )}
            {actions.move && (
              <Button variant="outline" disabled={busy} onClick={() => actions.move?.(table)}>
                <MoveRight aria-hidden className="size-4" /> {t('moveTable')}
              </Button>
            )}
            {actions.split && table.orders.length > 0 && (
              <Button variant="outline" disabled={busy} onClick={() => actions.split?.(table)}>
                <Split aria-hidden className="size-4" /> {t('splitBill')}
              </Button>
            )}
            {actions.close && (
              <Button variant="outline" disabled={busy} onClick={() => actions.close?.(table)}>
                <DoorOpen aria-hidden className="size-4" /> {t('closeTable')}
              </Button>
            )}
          </div>
        </div>
      )}
    </article>
  );
}
