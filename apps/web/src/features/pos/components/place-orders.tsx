import { canMarkPaid, type FloorTable } from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { useRestaurantTimeZone, useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
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

/**
 * A table's order screen, from the floor's own data (`table`, kept live by the floor): `onSent`
 * refreshes it after a send for a device whose live connection is down.
 */
export function TableOrder({ table, onSent }: { table: FloorTable; onSent: () => void }) {
  const navigate = useNavigate();
  const me = useSession()?.user;
  // The server's rule for a table: once every order is served, or as soon as the guests asked
  // for the bill; a manager or an admin at any time.
  const payable =
    table.sessionId !== null &&
    (me?.role === 'manager' ||
      me?.role === 'admin' ||
      canMarkPaid(table.orders.map((o) => o.status)) ||
      table.notifications.some((n) => n.type === 'payment_requested'));
  const place: OrderPlace = {
    storageId: `table:${table.id}`,
    title: t('tableTitle', { table: table.number }),
    detail: [t('guests', { count: table.customerCount }), table.assignedWaiter?.name]
      .filter(Boolean)
      .join(' · '),
    guests: table.customerCount,
    orders: table.orders,
    billTotal: table.billTotal,
    sessionId: table.sessionId,
    discounts: table.discounts,
    refresh: onSent,
  };
  const send = useCallback<SendOrder>(
    async (items, key) => {
      const placed = await placeTableOrder(table.id, items, key);
      onSent();
      return placed;
    },
    [table.id, onSent],
  );
  return (
    <OrderScreen
      place={place}
      send={send}
      back={{ to: '/waiter', label: t('backToFloor') }}
      actions={
        payable &&
        table.sessionId && (
          <TakePayment
            bill={{ ...table, sessionId: table.sessionId, label: `table ${table.number}` }}
            onPaid={() => void navigate('/waiter')}
          />
        )
      }
    />
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
    async (items, key) => {
      const placed = await placeTabOrder(tabId, items, key);
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
