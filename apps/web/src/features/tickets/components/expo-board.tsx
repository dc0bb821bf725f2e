import { type ExpoOrder, elapsedMinutes } from '@tavola/contract';
import { CheckCircle2, ChefHat, Flame, Send } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { cn } from '@/lib/cn';
import { useCourses, useFireCourse } from '@/lib/courses';
import { useBumpExpoOrder, useExpo } from '@/features/tickets/api/get-expo';
import { t } from '../messages';
import { placeInline, placeOf } from './place';
import { useMinuteClock } from './use-minute-clock';

type TicketStatus = ExpoOrder['stations'][number]['status'];

const STATUS_TONE: Record<TicketStatus, string> = {
  new: 'bg-stone-100 text-stone-800 border-stone-300',
  preparing: 'bg-amber-50 text-amber-900 border-amber-400',
  ready: 'bg-green-50 text-green-900 border-green-600',
  served: 'bg-stone-50 text-stone-500 border-stone-200',
};

function ExpoCard({
  order,
  now,
  busy,
  onBump,
  onFire,
  courseLabel,
}: {
  order: ExpoOrder;
  now: Date;
  busy: boolean;
  onBump: () => void;
  onFire: (course: number) => void;
  courseLabel: (course: number) => string;
}) {
  const place = placeOf(order);
  // A held station waits for its course; the others say where their ticket is.
  const statusOf = (s: ExpoOrder['stations'][number]) =>
    s.ticket.held ? t('statusHeld') : t(`status_${s.status}`);
  const cooking = order.stations.filter(
    (s) => !s.ticket.held && (s.status === 'new' || s.status === 'preparing'),
  );
  // The courses still held on any station of the order, each with its Fire button.
  const held = [
    ...new Set(
      order.stations.flatMap((s) =>
        s.ticket.items.flatMap((i) => (i.held && i.course != null ? [i.course] : [])),
      ),
    ),
  ].sort((a, b) => a - b);
  return (
    <article
      aria-label={t('expoOrder', { number: order.orderNumber, place: placeInline(order) })}
      className={cn(
        'flex flex-col rounded-xl border-2 bg-white p-4 shadow-sm',
        order.ready ? 'border-green-600 ring-4 ring-green-100' : 'border-stone-200',
      )}
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h3 className="text-2xl font-black">#{order.orderNumber}</h3>
          <p className="text-lg font-semibold text-stone-700">{place}</p>
        </div>
        <p className="text-base text-stone-600">
          {t('minutes', { minutes: elapsedMinutes(order.orderTime, now) })}
        </p>
      </header>
      {order.allergyNote && (
        <p className="mt-2 rounded-lg border-4 border-red-700 bg-red-50 px-2 py-1 font-bold text-red-950">
          {t('allergyNote', { note: order.allergyNote })}
        </p>
      )}
      <ul className="my-3 space-y-2" aria-label={t('stations')}>
        {order.stations.map((s) => (
          <li
            key={s.station}
            className={cn(
              'rounded-lg border-2 px-3 py-2',
              s.ticket.held
                ? 'border-dashed border-stone-400 bg-stone-100 text-stone-500'
                : STATUS_TONE[s.status],
            )}
            aria-label={t('stationStatus', { station: s.name, status: statusOf(s) })}
          >
            <p className="flex items-center justify-between text-lg font-bold">
              <span>{s.name}</span>
              <span className="flex items-center gap-1">
                {s.status === 'ready' ? (
                  <CheckCircle2 aria-hidden className="size-5" />
                ) : s.status === 'preparing' ? (
                  <ChefHat aria-hidden className="size-5" />
                ) : null}
                {statusOf(s)}
              </span>
            </p>
            <ul className="text-base">
              {s.ticket.items.map((item, i) => (
                <li key={i} className={cn(item.held && 'text-stone-400')}>
                  {item.quantity} × {item.name}
                  {item.held && (
                    <span className="ml-1 text-sm font-bold uppercase">{t('held')}</span>
                  )}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      <p className="mb-2 text-base text-stone-700">
        {order.ready
          ? t('everyStationReady')
          : t('stillCooking', { stations: cooking.map((s) => s.name).join(', ') || '—' })}
      </p>
      {held.length > 0 && (
        <div className="mb-2 flex flex-wrap gap-2">
          {held.map((course) => (
            <button
              key={course}
              type="button"
              disabled={busy}
              onClick={() => onFire(course)}
              className="inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-xl border-2 border-orange-600 bg-orange-50 px-3 text-lg font-bold text-orange-900 hover:bg-orange-100 disabled:opacity-50"
            >
              <Flame aria-hidden className="size-5" />{' '}
              {t('fireCourse', { course: courseLabel(course) })}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        disabled={!order.ready || busy}
        onClick={onBump}
        className="mt-auto inline-flex min-h-14 items-center justify-center gap-2 rounded-xl bg-brand-700 px-4 text-lg font-bold text-white hover:bg-brand-800 disabled:bg-stone-300 disabled:text-stone-600"
      >
        <Send aria-hidden className="size-5" /> {t('sendToWaiter')}
      </button>
    </article>
  );
}

/**
 * The expeditor's display: each open order across its stations. An order every station has
 * ready is sent to its waiter from here (it then leaves the pass).
 */
export function ExpoBoard() {
  const { data, isPending, isError, error } = useExpo();
  const now = useMinuteClock();
  const bump = useBumpExpoOrder();
  const fire = useFireCourse();
  const { nameOf } = useCourses();
  const [failure, setFailure] = useState<string | null>(null);
  const orders = data?.orders ?? [];
  const ready = orders.filter((o) => o.ready).length;
  return (
    <div className="space-y-4">
      <div className="grid max-w-xl grid-cols-2 gap-3">
        <div className="rounded-xl border-l-8 border-amber-500 bg-white p-3 shadow-sm">
          <p className="font-semibold text-stone-600">{t('inProgress')}</p>
          <p className="text-4xl font-black tabular-nums" data-testid="expo-cooking">
            {orders.length - ready}
          </p>
        </div>
        <div className="rounded-xl border-l-8 border-green-600 bg-white p-3 shadow-sm">
          <p className="font-semibold text-stone-600">{t('readyToSend')}</p>
          <p className="text-4xl font-black tabular-nums" data-testid="expo-ready">
            {ready}
          </p>
        </div>
      </div>
      {failure && <Alert tone="error">{failure}</Alert>}
      {isError && <Alert tone="error">{t('passFailed', { error: error.message })}</Alert>}
      {isPending ? (
        <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
      ) : orders.length === 0 ? (
        <p className="rounded-xl border-2 border-dashed border-stone-300 p-6 text-center text-lg text-stone-500">
          {t('nothingAtPass')}
        </p>
      ) : (
        <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,20rem),1fr))] gap-3">
          {orders.map((order) => (
            <ExpoCard
              key={order.orderId}
              order={order}
              now={now}
              busy={
                (bump.isPending && bump.variables === order.orderId) ||
                (fire.isPending && fire.variables.orderId === order.orderId)
              }
              onBump={() => {
                setFailure(null);
                bump.mutate(order.orderId, { onError: (err) => setFailure(err.message) });
              }}
              courseLabel={nameOf}
              onFire={(course) => {
                setFailure(null);
                fire.mutate(
                  { orderId: order.orderId, course, from: 'expo' },
                  { onError: (err) => setFailure(err.message) },
                );
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
