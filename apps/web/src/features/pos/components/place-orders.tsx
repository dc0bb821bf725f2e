import { canMarkPaid, type FloorTable } from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, Split } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SplitDialog } from '@/components/bills/split-dialog';
import { splitBill } from '@/components/bills/split-request';
import { ApiError } from '@/lib/api-client';
import { useRestaurantTimeZone, useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { formatMoney, formatTime } from '@/lib/format';
import { useOrderMenu } from '../api/get-order-menu';
import { useTab } from '../api/get-tab';
import { tabsKey } from '../api/get-tabs';
import { placeTableOrder, placeTabOrder } from '../api/place-order';
import { t } from '../messages';
import type { SendOrder } from '../use-pending-order';
import { BillPayDialog, type PayingBill } from './bill-pay-dialog';
import { OrderScreen, type OrderPlace } from './order-screen';
import { CloseTabButton, hasOrdersToPay, tabBill, tabTitle } from './tabs-board';

function TakePayment({ bill, onPaid }: { bill: PayingBill; onPaid: () => void }) {
  const [open, setOpen] = useState(false);
  const currency = useOrderMenu().data?.currency ?? 'eur';
  if (!hasOrdersToPay(bill.orders) && !open) return null;
  return (
    <>
      <Button variant="outline" size="lg" className="w-full" onClick={() => setOpen(true)}>
        <CreditCard aria-hidden className="size-5" /> {t('takePayment')}
      </Button>
      <BillPayDialog
        bill={open ? bill : null}
        currency={currency}
        onClose={() => setOpen(false)}
        onPaid={onPaid}
      />
    </>
  );
}

/** One check of a table as the order screen shows it: its own bill (1) or one split off. */
interface TableCheck {
  checkNumber: number;
  sessionId: string | null;
  orders: FloorTable['orders'];
  billTotal: number;
  bill: FloorTable['bill'];
  charges: FloorTable['charges'];
  discounts: FloorTable['discounts'];
}

function tableChecks(table: FloorTable): TableCheck[] {
  return [{ ...table, checkNumber: 1 }, ...table.checks];
}

/**
 * A table with more than one check: a button per check with its total; the one chosen takes the
 * order being entered, and its lines, total and payment are the ones on screen.
 */
function CheckBar({
  checks,
  current,
  onChoose,
  onSplit,
  currency,
}: {
  checks: readonly TableCheck[];
  current: number;
  onChoose: (check: number) => void;
  onSplit?: (() => void) | undefined;
  currency: 'eur' | 'usd';
}) {
  return (
    <section aria-label={t('checks')} className="space-y-2 rounded-xl bg-white p-2 shadow-sm">
      <div className="flex flex-wrap gap-2">
        {checks.map((c) => (
          <button
            key={c.checkNumber}
            type="button"
            aria-pressed={c.checkNumber === current}
            onClick={() => onChoose(c.checkNumber)}
            className={cn(
              'min-h-12 rounded-lg border-2 px-3 text-base font-semibold tabular-nums',
              c.checkNumber === current
                ? 'border-brand-700 bg-brand-50 text-brand-900'
                : 'border-stone-300 bg-white text-stone-800',
            )}
          >
            {t('checkTotal', {
              check: c.checkNumber,
              amount: formatMoney(c.billTotal, currency),
            })}
          </button>
        ))}
      </div>
      {onSplit && (
        <Button variant="outline" className="min-h-12 w-full" onClick={onSplit}>
          <Split aria-hidden className="size-4" /> {t('splitOrMove')}
        </Button>
      )}
    </section>
  );
}

/**
 * A table's order screen, from the floor's own data (`table`, kept live by the floor): `onSent`
 * refreshes it after a send for a device whose live connection is down. A table whose bill was
 * split shows its checks: the order goes on the check chosen, and each check is paid by itself.
 */
export function TableOrder({ table, onSent }: { table: FloorTable; onSent: () => void }) {
  const navigate = useNavigate();
  const me = useSession()?.user;
  const currency = useOrderMenu().data?.currency ?? 'eur';
  const [chosen, setChosen] = useState(1);
  const [splitting, setSplitting] = useState(false);
  const checks = tableChecks(table);
  // A check paid or merged meanwhile: back to the table's own bill.
  const check = checks.find((c) => c.checkNumber === chosen) ?? checks[0]!;
  const checkNumber = check.checkNumber;
  // The server's rule for a bill: once every order is served, or as soon as the guests asked
  // for it (their request is on the table's own bill, check 1); a manager or an admin at any time.
  const payable =
    check.sessionId !== null &&
    (me?.role === 'manager' ||
      me?.role === 'admin' ||
      canMarkPaid(check.orders.map((o) => o.status)) ||
      (check.checkNumber === 1 && table.notifications.some((n) => n.type === 'payment_requested')));
  const split = checks.length > 1;
  const place: OrderPlace = {
    // Each check keeps its own order in progress (and its own key for a retry).
    storageId: checkNumber === 1 ? `table:${table.id}` : `table:${table.id}:check:${checkNumber}`,
    title: split
      ? t('tableCheckTitle', { table: table.number, check: checkNumber })
      : t('tableTitle', { table: table.number }),
    detail: [t('guests', { count: table.customerCount }), table.assignedWaiter?.name]
      .filter(Boolean)
      .join(' · '),
    guests: table.customerCount,
    orders: check.orders,
    billTotal: check.billTotal,
    sessionId: check.sessionId,
    discounts: check.discounts,
    refresh: onSent,
  };
  const send = useCallback<SendOrder>(
    async (body, key) => {
      const placed = await placeTableOrder(table.id, body, key, checkNumber);
      onSent();
      return placed;
    },
    [table.id, onSent, checkNumber],
  );
  const label = split ? `table ${table.number}, check ${checkNumber}` : `table ${table.number}`;
  return (
    <>
      <OrderScreen
        key={place.storageId}
        place={place}
        send={send}
        back={{ to: '/waiter', label: t('backToFloor') }}
        checkBar={
          split && (
            <CheckBar
              checks={checks}
              current={checkNumber}
              onChoose={setChosen}
              onSplit={() => setSplitting(true)}
              currency={currency}
            />
          )
        }
        actions={
          <>
            {!split && table.orders.length > 0 && (
              <Button
                variant="outline"
                size="lg"
                className="w-full"
                onClick={() => setSplitting(true)}
              >
                <Split aria-hidden className="size-5" /> {t('splitOrMove')}
              </Button>
            )}
            {payable && check.sessionId && (
              <TakePayment
                bill={{ ...check, sessionId: check.sessionId, label }}
                onPaid={() => {
                  // The table's other checks are still to be paid: stay with them.
                  if (checks.length > 1) {
                    setChosen(1);
                    onSent();
                  } else void navigate('/waiter');
                }}
              />
            )}
          </>
        }
      />
      <SplitDialog
        table={splitting ? table : null}
        fromCheck={checkNumber}
        onSplit={async (request) => {
          const made = await splitBill(request);
          onSent();
          return made;
        }}
        onClose={() => {
          setSplitting(false);
          onSent();
        }}
      />
    </>
  );
}

/** A tab's order screen: its rounds, and Take payment when it is done. */
export function TabOrder({ tabId }: { tabId: string }) {
  const navigate = useNavigate();
  const tz = useRestaurantTimeZone();
  const queryClient = useQueryClient();
  const query = useTab(tabId);
  const tab = query.data;
  const send = useCallback<SendOrder>(
    async (body, key) => {
      const placed = await placeTabOrder(tabId, body, key);
      void queryClient.invalidateQueries({ queryKey: tabsKey });
      return placed;
    },
    [tabId, queryClient],
  );
  const bill = useMemo(() => tab && tabBill(tab), [tab]);
  if (!tab || !bill) {
    return (
      <div className="mx-auto max-w-md space-y-3 p-6">
        {query.isPending ? (
          <div aria-busy="true" className="h-40 animate-pulse rounded-xl bg-stone-200" />
        ) : (
          <Alert tone="error">
            {query.error instanceof ApiError && query.error.status === 404
              ? t('tabNotFound')
              : (query.error?.message ?? t('tabNotFound'))}
          </Alert>
        )}
        <Button variant="outline" onClick={() => void navigate('/waiter/tabs')}>
          {t('backToTabs')}
        </Button>
      </div>
    );
  }
  const place: OrderPlace = {
    storageId: `tab:${tab.id}`,
    title: tabTitle(tab),
    detail: [
      tab.pickupAt ? t('pickup', { time: formatTime(tab.pickupAt, tz) }) : null,
      tab.phone,
      tab.waiter?.name,
    ]
      .filter(Boolean)
      .join(' · '),
    guests: tab.customerCount,
    orders: tab.orders,
    billTotal: tab.billTotal,
    sessionId: tab.id,
    discounts: tab.discounts,
    refresh: () => void queryClient.invalidateQueries({ queryKey: tabsKey }),
  };
  return (
    <OrderScreen
      place={place}
      send={send}
      back={{ to: '/waiter/tabs', label: t('backToTabs') }}
      actions={
        hasOrdersToPay(tab.orders) ? (
          <TakePayment bill={bill} onPaid={() => void navigate('/waiter/tabs')} />
        ) : (
          <CloseTabButton tab={tab} onClosed={() => void navigate('/waiter/tabs')} />
        )
      }
    />
  );
}
