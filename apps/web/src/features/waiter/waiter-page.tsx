import { hasPermission } from '@tavola/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { StaffShell } from '../../components/staff-shell';
import { useRealtimeEvents } from '../../lib/realtime/provider';
import { describeEvent } from '../../lib/realtime/describe-event';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { useSession } from '../../lib/auth';
import { cn } from '../../lib/cn';
import { formatMoney } from '../../lib/format';
import { askNotificationPermission, playChime, showBrowserNotification } from '../../lib/sound';
import {
  claimTable,
  floorKey,
  floorQuery,
  markPaid,
  markServed,
  respond,
  type FloorTable,
} from './api/floor';
import { TableCard } from './components/table-card';
import { VoidDialog, type VoidTarget } from './components/void-dialog';

type Tab = 'mine' | 'unassigned' | 'active';
const TABS: { id: Tab; label: string }[] = [
  { id: 'mine', label: 'My Tables' },
  { id: 'unassigned', label: 'Unassigned' },
  { id: 'active', label: 'All Active' },
];

const FLOOR_EVENTS = new Set([
  'table_activated',
  'call_waiter',
  'payment_requested',
  'order_placed',
  'order_updated',
  'order_ready',
  'table_updated',
  'payment_completed',
  'order_voided',
]);
const ALERT_EVENTS = new Set([
  'order_placed',
  'call_waiter',
  'payment_requested',
  'table_activated',
]);

function PayDialog({
  table,
  currency,
  onClose,
  onPaid,
}: {
  table: FloorTable | null;
  currency: 'eur' | 'usd';
  onClose: () => void;
  onPaid: () => void;
}) {
  const [method, setMethod] = useState<'cash' | 'card'>('card');
  const [amount, setAmount] = useState('');
  const [tip, setTip] = useState('');
  // Until the waiter types an amount, it follows the bill plus the tip.
  const [amountTouched, setAmountTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = useMutation({
    mutationFn: (body: { method: 'cash' | 'card'; amount?: number; tip?: number }) =>
      markPaid(table!.sessionId!, body),
    onSuccess: () => {
      onPaid();
      onClose();
    },
    onError: (err) => setError(err.message),
  });
  useEffect(() => {
    setAmount(table ? table.billTotal.toFixed(2) : '');
    setTip('');
    setAmountTouched(false);
    setError(null);
    setMethod('card');
  }, [table]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const a = Number(amount);
    const t = tip.trim() ? Number(tip) : 0;
    if (!Number.isFinite(a) || a <= 0) return setError('Enter the amount received');
    if (!Number.isFinite(t) || t < 0) return setError('The tip cannot be negative');
    if (table && Math.round(a * 100) < Math.round((table.billTotal + t) * 100)) {
      return setError(
        `The amount received must cover the bill and tip (${formatMoney(table.billTotal + t, currency)})`,
      );
    }
    pay.mutate({ method, amount: a, tip: t });
  };

  return (
    <Dialog
      open={table !== null}
      onOpenChange={(open) => !open && onClose()}
      title={table ? `Mark Paid: table ${table.number}` : 'Mark Paid'}
      description={table ? `Bill ${formatMoney(table.billTotal, currency)}` : undefined}
    >
      <form className="space-y-4" onSubmit={submit}>
        <fieldset className="flex gap-2">
          <legend className="mb-1 text-sm font-medium text-stone-700">Payment method</legend>
          {(['card', 'cash'] as const).map((m) => (
            <label
              key={m}
              className={cn(
                'flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border-2 font-semibold capitalize',
                method === m ? 'border-brand-700 bg-brand-50' : 'border-stone-200',
              )}
            >
              <input
                type="radio"
                name="method"
                value={m}
                checked={method === m}
                onChange={() => setMethod(m)}
                className="sr-only"
              />
              {m}
            </label>
          ))}
        </fieldset>
        <div className="grid grid-cols-2 gap-3">
          <div className="space-y-1">
            <Label htmlFor="pay-amount">Amount received</Label>
            <Input
              id="pay-amount"
              inputMode="decimal"
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setAmountTouched(true);
              }}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor="pay-tip">Tip (optional)</Label>
            <Input
              id="pay-tip"
              inputMode="decimal"
              value={tip}
              onChange={(e) => {
                setTip(e.target.value);
                const t = Number(e.target.value);
                if (!amountTouched && table && Number.isFinite(t) && t >= 0) {
                  setAmount((table.billTotal + t).toFixed(2));
                }
              }}
              placeholder="0.00"
            />
          </div>
        </div>
        {table && Number(amount) - table.billTotal - (Number(tip) || 0) > 0.004 && (
          <p
            className="rounded-lg bg-amber-50 p-3 text-lg font-semibold text-amber-900"
            role="status"
          >
            Change due:{' '}
            {formatMoney(Number(amount) - table.billTotal - (Number(tip) || 0), currency)}
          </p>
        )}
        {error && <Alert tone="error">{error}</Alert>}
        <Button type="submit" size="lg" className="w-full" disabled={pay.isPending}>
          {pay.isPending ? 'Recording…' : 'Confirm payment'}
        </Button>
      </form>
    </Dialog>
  );
}

function WaiterBoard() {
  const session = useSession();
  const me = session?.user;
  const queryClient = useQueryClient();
  const { data, isPending, isError, error } = useQuery(floorQuery());
  const [tab, setTab] = useState<Tab>('mine');
  const [expanded, setExpanded] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [paying, setPaying] = useState<FloorTable | null>(null);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const [now, setNow] = useState(() => new Date());

  useEffect(() => {
    askNotificationPermission();
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: floorKey });
  useRealtimeEvents((event) => {
    if (!FLOOR_EVENTS.has(event.type)) return;
    void refresh();
    const readyForMe = event.type === 'order_ready' && event.data.waiterId === me?.id;
    if (ALERT_EVENTS.has(event.type) || readyForMe) {
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
      void refresh();
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

  const cards = [
    { label: 'My Tables', value: String(mine.length) },
    { label: 'Needs Attention', value: String(needsAttention.length) },
    { label: 'Unassigned', value: String(unassigned.length) },
    { label: "Today's Sales", value: formatMoney(data?.stats.todaysSales ?? 0, currency) },
  ];

  return (
    <div className="space-y-4">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {cards.map((c) => (
          <div key={c.label} className="rounded-xl bg-white p-4 shadow-sm">
            <p className="text-sm font-medium text-stone-600">{c.label}</p>
            <p className="text-2xl font-bold tabular-nums">{c.value}</p>
          </div>
        ))}
      </div>

      <div role="tablist" aria-label="Tables" className="flex gap-2 overflow-x-auto">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            onClick={() => setTab(t.id)}
            className={cn(
              'min-h-11 shrink-0 rounded-full px-4 font-semibold',
              tab === t.id ? 'bg-stone-900 text-white' : 'bg-white text-stone-700 shadow-sm',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>

      {message && (
        <Alert tone={message.tone === 'error' ? 'error' : 'success'}>{message.text}</Alert>
      )}
      {isError && <Alert tone="error">Unable to load tables: {error.message}</Alert>}

      {isPending ? (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-28 animate-pulse rounded-xl bg-stone-200" />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-stone-300 p-8 text-center text-stone-600">
          {tab === 'mine'
            ? 'No tables assigned to you. Claim one from Unassigned.'
            : tab === 'unassigned'
              ? 'Every seated table has a waiter.'
              : 'No tables are seated right now.'}
        </p>
      ) : (
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-3">
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
                claim: (t) => void act(t.id, () => claimTable(t.id), `Table ${t.number} is yours`),
                respond: (t, n) => void act(t.id, () => respond(t.id, n.type, n.refId)),
                serve: (orderId) => void act(table.id, () => markServed(orderId), 'Marked served'),
                pay: (t) => setPaying(t),
                ...(canVoid ? { void: (order, line) => setVoiding({ order, line }) } : {}),
              }}
            />
          ))}
        </div>
      )}

      <VoidDialog
        target={voiding}
        onClose={() => setVoiding(null)}
        onVoided={(text) => {
          setMessage({ tone: 'success', text });
          void refresh();
        }}
      />
      <PayDialog
        table={paying}
        currency={currency}
        onClose={() => setPaying(null)}
        onPaid={() => {
          setMessage({ tone: 'success', text: `Table ${paying?.number ?? ''} paid` });
          void refresh();
        }}
      />
    </div>
  );
}

export default function WaiterPage() {
  return (
    <StaffShell title="Waiter Dashboard">
      <WaiterBoard />
    </StaffShell>
  );
}
