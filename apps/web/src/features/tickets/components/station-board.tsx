import {
  canActOnTable,
  compareTickets,
  placeLabelOf,
  type Priority,
  STATION_CLOCK_TICK_MS,
  type Station,
  type TicketAction,
  type Ticket,
  type TicketStatus,
} from '@tavola/contract';
import { Siren, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { useRestaurantTimeZone, useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useRealtimeEvents } from '@/lib/realtime/provider';
import { playChime } from '@/lib/sound';
import { useTickets } from '@/features/tickets/api/get-tickets';
import { useSetTicketPriority } from '@/features/tickets/api/set-ticket-priority';
import { useTransitionTicket } from '@/features/tickets/api/transition-ticket';
import { TicketCard } from './ticket-card';

const COLUMNS: { status: TicketStatus; title: string; tone: string }[] = [
  { status: 'new', title: 'New Orders', tone: 'border-blue-500' },
  { status: 'preparing', title: 'Preparing', tone: 'border-amber-500' },
  { status: 'ready', title: 'Ready for Service', tone: 'border-green-600' },
];

/** The clock ticks every minute (and so do elapsed and overdue times). */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), STATION_CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** One station's tickets in their columns, with the clock and the recall row. */
export function StationBoard({ station }: { station: Station }) {
  const { data, isPending, isError, error } = useTickets(station);
  const now = useMinuteClock();
  const timeZone = useRestaurantTimeZone();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [urgentNews, setUrgentNews] = useState<{ ticketId: string; text: string } | null>(null);
  const user = useSession()?.user;
  // The expediting role sets priorities: a manager or admin here (any table is theirs to act on);
  // the kitchen and bar read them.
  const mayPrioritize = user ? canActOnTable(user, null) : false;

  // The board itself follows each event (useTickets); a new ticket also rings, and so does a
  // ticket made urgent, which is also announced.
  useRealtimeEvents((event) => {
    if (
      event.type === `${station}_order` ||
      (event.type === 'station_order' && event.data.station === station)
    )
      playChime();
    if (event.type === 'priority_changed') {
      const urgent = event.data.tickets.find(
        (t) => t.station === station && t.priority === 'urgent',
      );
      if (!urgent) return;
      playChime();
      setUrgentNews({
        ticketId: urgent.id,
        text: `Urgent: order #${urgent.orderNumber}, ${placeLabelOf(urgent).replace(/^Table/, 'table')}`,
      });
    }
  });

  const move = useTransitionTicket(station);
  const { mutate } = move;
  const onAction = useCallback(
    (id: string, action: TicketAction) => {
      setBusyId(id);
      setFailure(null);
      mutate(
        { id, action },
        { onError: (err) => setFailure(err.message), onSettled: () => setBusyId(null) },
      );
    },
    [mutate],
  );
  const { mutate: prioritize } = useSetTicketPriority(station);
  const onPriority = useCallback(
    (id: string, priority: Priority) => {
      setBusyId(id);
      setFailure(null);
      prioritize(
        { id, priority },
        { onError: (err) => setFailure(err.message), onSettled: () => setBusyId(null) },
      );
    },
    [prioritize],
  );
  const tickets = useMemo(() => [...(data?.tickets ?? [])].sort(compareTickets), [data]);
  const byStatus = (status: TicketStatus): Ticket[] => tickets.filter((t) => t.status === status);
  // The announcement stays while its ticket is open and still urgent.
  const announced =
    urgentNews && tickets.some((t) => t.id === urgentNews.ticketId && t.priority === 'urgent')
      ? urgentNews.text
      : null;

  return (
    <div className="space-y-4">
      {/* The counts keep a readable width; on a phone the clock moves to its own row. */}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid min-w-0 flex-[1_1_18rem] grid-cols-3 gap-2 sm:gap-3">
          {COLUMNS.map((c) => (
            <div
              key={c.status}
              className={`min-w-0 rounded-xl border-l-4 ${c.tone} bg-white p-2 shadow-sm sm:border-l-8 sm:p-3`}
            >
              <p className="text-sm leading-tight font-semibold break-words text-stone-600 sm:text-base">
                {c.title}
              </p>
              <p className="text-4xl font-black tabular-nums" data-testid={`count-${c.status}`}>
                {byStatus(c.status).length}
              </p>
            </div>
          ))}
        </div>
        <time
          dateTime={now.toISOString()}
          className="ml-auto rounded-xl bg-stone-900 px-4 py-2 text-3xl font-black text-white tabular-nums sm:px-5 sm:py-3 sm:text-4xl"
          aria-label="Current time"
        >
          {formatTime(now, timeZone)}
        </time>
      </div>

      {/* Always in the page, so a screen reader hears what appears in it; no gap while empty. */}
      <div aria-live="assertive" aria-atomic="true" className="empty:mb-0">
        {announced && (
          <p className="flex items-center gap-2 rounded-xl bg-red-600 px-4 py-3 text-xl font-black text-white">
            <Siren aria-hidden className="size-6" />
            {announced}
          </p>
        )}
      </div>

      {failure && (
        <Alert tone="error" className="text-lg">
          {failure}
        </Alert>
      )}
      {isError && <Alert tone="error">Unable to load tickets: {error.message}</Alert>}

      <div className="grid gap-4 lg:grid-cols-3">
        {COLUMNS.map((column) => (
          <section
            key={column.status}
            aria-labelledby={`col-${column.status}`}
            className="min-w-0 space-y-3"
          >
            <h2 id={`col-${column.status}`} className="text-2xl font-bold">
              {column.title}
            </h2>
            {isPending ? (
              <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
            ) : byStatus(column.status).length === 0 ? (
              <p className="rounded-xl border-2 border-dashed border-stone-300 p-6 text-center text-lg text-stone-500">
                Nothing here
              </p>
            ) : (
              // A wall screen's wide column holds tickets side by side; a narrow one, one a row.
              <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,18rem),1fr))] gap-3">
                {byStatus(column.status).map((ticket) => (
                  <TicketCard
                    key={ticket.id}
                    ticket={ticket}
                    station={station}
                    now={now}
                    timeZone={timeZone}
                    busy={busyId === ticket.id}
                    onAction={onAction}
                    {...(mayPrioritize ? { onPriority } : {})}
                  />
                ))}
              </div>
            )}
          </section>
        ))}
      </div>

      {(data?.recentlyServed.length ?? 0) > 0 && (
        <section aria-labelledby="recall" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="recall" className="mb-2 text-lg font-bold">
            Recently served
          </h2>
          <ul className="flex flex-wrap gap-2">
            {data?.recentlyServed.slice(0, 8).map((ticket) => (
              <li key={ticket.id}>
                <button
                  type="button"
                  disabled={busyId === ticket.id}
                  onClick={() => onAction(ticket.id, 'recall')}
                  className="inline-flex min-h-12 items-center gap-2 rounded-lg border-2 border-stone-300 px-3 text-base font-semibold hover:bg-stone-100"
                >
                  <Undo2 aria-hidden className="size-4" />
                  Recall #{ticket.orderNumber} ({placeLabelOf(ticket).replace(/^Table/, 'table')})
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
