import { hasPermission, type EventType, type FloorTable } from '@tavola/contract';
import { Receipt } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/auth';
import { formatMoney } from '@/lib/format';
import { describeEvent } from '@/lib/realtime/describe-event';
import { useRealtimeEvents } from '@/lib/realtime/provider';
import { askNotificationPermission, playChime, showBrowserNotification } from '@/lib/sound';
import { CloseTableDialog, type CloseTarget } from '@/components/tables/close-table-dialog';
import { WaiterPickerDialog } from '@/components/tables/waiter-picker-dialog';
import { PayDialog } from '@/components/payments/pay-dialog';
import { useClaimTable } from '@/features/floor/api/claim-table';
import { useCloseTable } from '@/features/floor/api/close-table';
import { useReassignTable } from '@/features/floor/api/reassign-table';
import { useTableWaiters } from '@/features/floor/api/get-table-waiters';
import { useFloor } from '@/features/floor/api/get-floor';
import { useMarkServed } from '@/features/floor/api/mark-served';
import { useRecordPayment } from '@/features/floor/api/record-payment';
import { useRespondToTable } from '@/features/floor/api/respond-to-table';
import { useSeatTable } from '@/features/floor/api/seat-table';
import { useSetOrderPriority } from '@/features/floor/api/set-order-priority';
import { t } from '../messages';
import { MoveDialog } from './move-dialog';
import { SplitDialog } from '@/components/bills/split-dialog';
import { useSplitBill } from '../api/split-bill';
import { SeatDialog, type SeatTarget } from './seat-dialog';
import { TableCard } from './table-card';
import { VoidDialog, type VoidTarget } from './void-dialog';

type Tab = 'mine' | 'unassigned' | 'active';
const TABS: { id: Tab; label: 'myTables' | 'unassigned' | 'allActive' }[] = [
  { id: 'mine', label: 'myTables' },
  { id: 'unassigned', label: 'unassigned' },
  { id: 'active', label: 'allActive' },
];

const ALERT_EVENTS = new Set<EventType>([
  'order_placed',
  'call_waiter',
  'payment_requested',
  'table_activated',
]);

/** The waiter's floor: the tables by tab, their cards and the dialogs acting on them. */
export function FloorBoard({
  quickOrder,
}: {
  /** A round rung up on a seated table's card (the screen composing the floor brings it). */
  quickOrder?: (table: FloorTable) => ReactNode;
} = {}) {
  const session = useSession();
  const me = session?.user;
  const { data, isPending, isError, error } = useFloor();
  const claim = useClaimTable();
  const respond = useRespondToTable();
  const serve = useMarkServed();
  const prioritize = useSetOrderPriority();
  const recordPayment = useRecordPayment();
  const seatTable = useSeatTable();
  const navigate = useNavigate();
  const [seating, setSeating] = useState<SeatTarget | null>(null);
  const [moving, setMoving] = useState<FloorTable | null>(null);
  // Moving one of a table's further checks: its number (the bill moved is the check's).
  const [movingCheck, setMovingCheck] = useState<number | null>(null);
  const [splitting, setSplitting] = useState<FloorTable | null>(null);
  const split = useSplitBill();
  // Paying one of a table's further checks: its number (the bill paid is the check's).
  const [payingCheck, setPayingCheck] = useState<number | null>(null);
  const [tab, setTab] = useState<Tab>('mine');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [paying, setPaying] = useState<FloorTable | null>(null);
  const [payingAsked, setPayingAsked] = useState(false);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const [closing, setClosing] = useState<CloseTarget | null>(null);
  const [handing, setHanding] = useState<FloorTable | null>(null);
  const close = useCloseTable();
  const reassign = useReassignTable();
  const waiters = useTableWaiters({ enabled: handing !== null });
  const [now, setNow] = useState(() => new Date());
  // The dialog starts afresh when its bill changes, so the target is made once per table chosen.
  const payTarget = useMemo(
    () =>
      paying && {
        ...paying,
        label: payingCheck
          ? t('billOfCheck', { table: paying.number, check: payingCheck })
          : t('billOfTable', { table: paying.number }),
      },
    [paying, payingCheck],
  );

  useEffect(() => {
    askNotificationPermission();
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  useRealtimeEvents((event) => {
    const readyForMe = event.type === 'order_ready' && event.data.waiterId === me?.id;
    // A colleague (or a manager) handing a table to me is news; my own hand-over is not.
    const handedToMe =
      event.type === 'table_reassigned' && event.data.to?.id === me?.id && event.userId !== me?.id;
    if (ALERT_EVENTS.has(event.type) || readyForMe || handedToMe) {
      playChime();
      showBrowserNotification('Tavola', describeEvent(event));
    }
  });

  const act = async (tableId: string, work: () => Promise<unknown>, done?: string) => {
    setBusy(tableId);
    setMessage(null);
    try {
      await work();
      if (done) setMessage({ tone: 'success', text: done });
    } catch (err) {
      setMessage({ tone: 'error', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(null);
    }
  };

  if (!me) return null;
  const tables = data?.tables ?? [];
  const currency = data?.stats.currency ?? 'eur';
  const mine = tables.filter((t) => t.assignedWaiter?.id === me.id);
  const unassigned = tables.filter((t) => t.sessionId && !t.assignedWaiter);
  const active = tables.filter((t) => t.sessionId);
  const needsAttention = tables.filter(
    // A call or a bill request needs someone now; a new table or order is routine.
    (t) =>
      t.status === 'needs_attention' ||
      t.notifications.some((n) => n.type === 'call_waiter' || n.type === 'payment_requested'),
  );
  const shown = tab === 'mine' ? mine : tab === 'unassigned' ? unassigned : active;
  const canVoid = hasPermission(me.permissions, 'void_orders');
  const canReassign = hasPermission(me.permissions, 'manage_tables');
  const canEnter = hasPermission(me.permissions, 'enter_orders');
  // Ringing up where the server would let me: my tables, nobody's, or any for a manager.
  const canOrderAt = (table: FloorTable) =>
    canEnter &&
    table.sessionId !== null &&
    (canReassign || !table.assignedWaiter || table.assignedWaiter.id === me.id);
  const free = tables.filter((table) => !table.sessionId && table.status !== 'maintenance');
  const openOrder = (table: { id: string }) => void navigate(`/waiter/tables/${table.id}`);
  const unpaidOf = (t: FloorTable) =>
    t.orders.filter((o) => o.status !== 'paid' && o.status !== 'cancelled').length;
  /**
   * Close table where the server allows it: a table with a session that is mine or nobody's
   * (managers: any), with no unpaid orders unless I may void or settle them.
   */
  const closable = (t: FloorTable) =>
    t.sessionId !== null &&
    (canVoid || !t.assignedWaiter || t.assignedWaiter.id === me.id) &&
    (canVoid || unpaidOf(t) === 0);
  const handOver = (t: FloorTable) =>
    t.assignedWaiter?.id === me.id
      ? { label: 'handOver' as const, run: setHanding }
      : canReassign && (t.sessionId || t.assignedWaiter)
        ? { label: 'reassign' as const, run: setHanding }
        : undefined;

  const cards: { label: string; value: string; hint?: string }[] = [
    { label: t('myTables'), value: String(mine.length) },
    { label: t('needsAttentionCard'), value: String(needsAttention.length) },
    { label: t('unassigned'), value: String(unassigned.length) },
    // What it counts, said on the card: the manager's overview counts what was ordered.
    {
      label: t('todaysSales'),
      value: formatMoney(data?.stats.todaysSales ?? 0, currency),
      hint: t('paidToday'),
    },
  ];

  return (
    <Tabs value={tab} onValueChange={setTab} className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm font-medium text-stone-600">{c.label}</p>
            <p className="text-2xl font-bold tabular-nums">{c.value}</p>
            {c.hint && <p className="text-xs text-stone-500">{c.hint}</p>}
          </div>
        ))}
      </div>

      {canEnter && (
        <section aria-labelledby="free-tables" className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <h2 id="free-tables" className="font-bold">
              {t('freeTables')}
            </h2>
            <Link
              to="/waiter/tabs"
              className="inline-flex min-h-11 items-center gap-1.5 rounded-full bg-white px-4 text-sm font-semibold text-stone-800 shadow-sm"
            >
              <Receipt aria-hidden className="size-4" /> {t('tabs')}
              <span className="hidden text-stone-500 sm:inline">· {t('tabsHint')}</span>
            </Link>
          </div>
          {!isPending &&
            (free.length === 0 ? (
              <p className="text-sm text-stone-600">{t('noFreeTables')}</p>
            ) : (
              <ul className="flex flex-wrap gap-2">
                {free.map((table) => (
                  <li key={table.id}>
                    <button
                      type="button"
                      onClick={() => setSeating(table)}
                      aria-label={t('seatTable', { table: table.number })}
                      className="inline-flex min-h-12 min-w-13 items-center justify-center rounded-xl border-2 border-dashed border-stone-300 bg-white px-2 text-lg font-bold text-stone-800 hover:border-brand-600"
                    >
                      {table.number}
                    </button>
                  </li>
                ))}
              </ul>
            ))}
        </section>
      )}

      {/* On a phone the three tabs share the width equally, so none is cut off. */}
      <TabsList aria-label={t('tablesTabs')} className="grid grid-cols-3 sm:flex">
        {TABS.map((tab) => (
          <TabsTrigger
            key={tab.id}
            value={tab.id}
            className="rounded-full bg-white px-2 text-sm text-stone-700 shadow-sm data-[state=active]:bg-stone-900 data-[state=active]:text-white data-[state=active]:shadow-none sm:px-4 sm:text-base"
          >
            {t(tab.label)}
          </TabsTrigger>
        ))}
      </TabsList>

      {message && (
        <Alert tone={message.tone === 'error' ? 'error' : 'success'}>{message.text}</Alert>
      )}
      {isError && <Alert tone="error">{t('loadFailed', { error: error.message })}</Alert>}

      <TabsContent value={tab}>
        {isPending ? (
          <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="h-28 animate-pulse rounded-xl bg-stone-200" />
            ))}
          </div>
        ) : shown.length === 0 ? (
          <p className="rounded-xl border-2 border-dashed border-stone-300 p-8 text-center text-stone-600">
            {t(
              tab === 'mine' ? 'noneMine' : tab === 'unassigned' ? 'noneUnassigned' : 'noneActive',
            )}
          </p>
        ) : (
          // items-start: an opened card grows alone; its row's neighbours keep their own height.
          <div className="grid items-start gap-3 md:grid-cols-2 xl:grid-cols-3">
            {shown.map((table) => (
              <TableCard
                key={table.id}
                table={table}
                me={me}
                currency={currency}
                now={now}
                expanded={expanded === table.id}
                busy={busy === table.id}
                onToggle={() => setExpanded((e) => (e === table.id ? null : table.id))}
                actions={{
                  claim: (target) =>
                    void act(
                      target.id,
                      () => claim.mutateAsync({ tableId: target.id }),
                      t('claimed', { table: target.number }),
                    ),
                  respond: (target, n) =>
                    void act(target.id, () =>
                      respond.mutateAsync({ tableId: target.id, type: n.type }),
                    ),
                  serve: (orderId) =>
                    void act(table.id, () => serve.mutateAsync({ orderId }), t('markedServed')),
                  pay: (target, asked = false) => {
                    setPayingAsked(asked);
                    setPayingCheck(null);
                    setPaying(target);
                  },
                  payCheck: (target, check) => {
                    setPayingAsked(false);
                    setPayingCheck(check.checkNumber);
                    // The check is a bill of its own: the dialog shows and pays it.
                    setPaying({ ...target, ...check, checks: [] });
                  },
                  setPriority: (order, priority) =>
                    void act(
                      table.id,
                      () => prioritize.mutateAsync({ orderId: order.id, priority }),
                      t('priorityChanged', {
                        number: order.orderNumber,
                        priority: t(`priority_${priority}`),
                      }),
                    ),
                  ...(canVoid ? { void: (order, line) => setVoiding({ order, line }) } : {}),
                  ...(closable(table)
                    ? {
                        close: (target) =>
                          setClosing({
                            id: target.id,
                            number: target.number,
                            unpaidOrders: unpaidOf(target),
                          }),
                      }
                    : {}),
                  ...(handOver(table) ? { handOver: handOver(table) } : {}),
                  ...(canOrderAt(table)
                    ? {
                        order: openOrder,
                        move: (t) => {
                          setMovingCheck(null);
                          setMoving(t);
                        },
                        moveCheck: (t, check) => {
                          setMovingCheck(check.checkNumber);
                          // The check is a bill of its own: the dialog shows and moves it.
                          setMoving({ ...t, ...check, checks: [] });
                        },
                        split: setSplitting,
                        ...(quickOrder ? { quickOrder } : {}),
                      }
                    : {}),
                }}
              />
            ))}
          </div>
        )}
      </TabsContent>

      <MoveDialog
        table={moving}
        fromCheck={movingCheck}
        tables={tables}
        onClose={() => setMoving(null)}
      />
      <SplitDialog
        table={splitting}
        onClose={() => setSplitting(null)}
        onSplit={(request) => split.mutateAsync(request)}
      />
      <SeatDialog
        target={seating}
        onClose={() => setSeating(null)}
        onSeat={async (target, guests) => {
          await seatTable.mutateAsync({ tableId: target.id, guests });
          setSeating(null);
          openOrder(target);
        }}
      />
      <VoidDialog
        target={voiding}
        onClose={() => setVoiding(null)}
        onVoided={(text) => setMessage({ tone: 'success', text })}
      />
      <CloseTableDialog
        target={closing}
        onClose={() => setClosing(null)}
        onSubmit={async (target, body) => {
          await close.mutateAsync({ tableId: target.id, body });
          setMessage({ tone: 'success', text: t('tableClosed', { table: target.number }) });
        }}
      />
      <WaiterPickerDialog
        open={handing !== null}
        title={
          handing?.assignedWaiter?.id === me.id
            ? t('handOverTitle', { table: handing.number })
            : t('reassignTitle', { table: handing?.number ?? '' })
        }
        description={
          handing?.assignedWaiter
            ? t('handOverFrom', { name: handing.assignedWaiter.name })
            : t('handOverHint')
        }
        waiters={waiters.data}
        exclude={[handing?.assignedWaiter?.id]}
        confirm={t('handOver')}
        onClose={() => setHanding(null)}
        onSubmit={async (waiterId) => {
          if (!handing || !waiterId) return;
          const moved = await reassign.mutateAsync({ tableId: handing.id, waiterId });
          setMessage({
            tone: 'success',
            text: t('handedTo', { table: moved.tableNumber, name: moved.to.name }),
          });
        }}
      />
      <PayDialog
        table={payTarget}
        asked={payingAsked}
        currency={currency}
        onSubmit={(body) =>
          paying?.sessionId
            ? recordPayment.mutateAsync({ sessionId: paying.sessionId, body })
            : Promise.resolve()
        }
        onClose={() => setPaying(null)}
        onPaid={() =>
          setMessage({
            tone: 'success',
            text: payingCheck
              ? t('checkPaid', { table: paying?.number ?? '', check: payingCheck })
              : t('tablePaid', { table: paying?.number ?? '' }),
          })
        }
      />
    </Tabs>
  );
}
