import {
  canActOnTable,
  compareTickets,
  type PreModifier,
  type Priority,
  type Station,
  type TicketAction,
  type Ticket,
  type TicketStatus,
} from '@tavola/contract';
import { Siren, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { useRestaurantTimeZone, useSession } from '@/lib/auth';
import { formatTime } from '@/lib/format';
import { useRealtimeEvents } from '@/lib/realtime/provider';
import { playChime } from '@/lib/sound';
import { useTickets } from '@/features/tickets/api/get-tickets';
import { useSetTicketPriority } from '@/features/tickets/api/set-ticket-priority';
import { useTransitionTicket } from '@/features/tickets/api/transition-ticket';
import { t } from '../messages';
import { TicketCard } from './ticket-card';
import { allDayCounts, BUMP_KEYS, bumpActionFor, RECALL_KEYS } from './display-tools';
import { placeInline } from './place';
import { useMinuteClock } from './use-minute-clock';

const COLUMNS = [
  { status: 'new', title: 'columnNew', tone: 'border-blue-500' },
  { status: 'preparing', title: 'columnPreparing', tone: 'border-amber-500' },
  { status: 'ready', title: 'columnReady', tone: 'border-green-600' },
] as const satisfies readonly { status: TicketStatus; title: string; tone: string }[];

/** The all-day rows' short pre-modifiers ("NO Onion"), in the reader's language. */
const shortPreModifier = (code: PreModifier) => t(`short_${code}`);

const TOOL_BUTTON =
  'min-h-11 rounded-lg border-2 border-stone-300 bg-white px-3 font-semibold hover:bg-stone-100 aria-pressed:border-stone-900 aria-pressed:bg-stone-900 aria-pressed:text-white';

interface DisplayTools {
  allDay: boolean;
  batch: boolean;
}

/** The display's tool switches, kept per station on this screen (a wall screen keeps its own). */
function useDisplayTools(station: Station): [DisplayTools, (tool: keyof DisplayTools) => void] {
  const key = `tavola_display_tools_${station}`;
  const [tools, setTools] = useState<DisplayTools>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? '{}') as Partial<DisplayTools>;
      return { allDay: stored.allDay === true, batch: stored.batch === true };
    } catch {
      return { allDay: false, batch: false };
    }
  });
  const toggle = (tool: keyof DisplayTools) =>
    setTools((current) => {
      const next = { ...current, [tool]: !current[tool] };
      try {
        localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // A screen that cannot store keeps the switch for this visit.
      }
      return next;
    });
  return [tools, toggle];
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
        text: t('urgentNews', { number: urgent.orderNumber, place: placeInline(urgent) }),
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
  const allDay = useMemo(() => allDayCounts(tickets, shortPreModifier), [tickets]);
  const [tools, toggle] = useDisplayTools(station);

  // The bump bar: the tickets in reading order (column by column) numbered 1–9; a number key
  // selects one, the bump key moves it on, the recall key brings back the last served.
  const numbered = useMemo(
    () => COLUMNS.flatMap((c) => tickets.filter((t) => t.status === c.status)).slice(0, 9),
    [tickets],
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const keys = useRef({ numbered, selectedId, recent: data?.recentlyServed ?? [], onAction });
  keys.current = { numbered, selectedId, recent: data?.recentlyServed ?? [], onAction };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, select, textarea, [contenteditable="true"]')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const { numbered: list, selectedId: chosen, recent, onAction: act } = keys.current;
      if (/^[1-9]$/.test(event.key)) {
        const ticket = list[Number(event.key) - 1];
        if (ticket) {
          event.preventDefault();
          setSelectedId(ticket.id);
        }
        return;
      }
      if ((BUMP_KEYS as readonly string[]).includes(event.key)) {
        // A focused button's Enter is the button's own.
        if (event.key === 'Enter' && target?.closest('button, a')) return;
        const ticket = list.find((t) => t.id === chosen);
        // A held ticket waits for its course to be fired.
        const action = ticket && !ticket.held && bumpActionFor(ticket.status);
        if (ticket && action) {
          event.preventDefault();
          act(ticket.id, action);
        }
        return;
      }
      if ((RECALL_KEYS as readonly string[]).includes(event.key)) {
        const last = recent[0];
        if (last) {
          event.preventDefault();
          act(last.id, 'recall');
          setSelectedId(last.id);
        }
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
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
                {t(c.title)}
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
          aria-label={t('currentTime')}
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

      <div
        className="flex flex-wrap items-center gap-2"
        role="toolbar"
        aria-label={t('displayTools')}
      >
        <button
          type="button"
          aria-pressed={tools.allDay}
          onClick={() => toggle('allDay')}
          className={TOOL_BUTTON}
        >
          {t('allDay')}
        </button>
        <button
          type="button"
          aria-pressed={tools.batch}
          onClick={() => toggle('batch')}
          className={TOOL_BUTTON}
        >
          {t('batchView')}
        </button>
        <span className="text-sm text-stone-500">{t('bumpHint')}</span>
      </div>

      {tools.allDay && (
        <section aria-labelledby="all-day" className="rounded-xl bg-white p-3 shadow-sm">
          <h2 id="all-day" className="mb-2 text-lg font-bold">
            {t('allDay')}
          </h2>
          {allDay.length === 0 ? (
            <p className="text-stone-500">{t('nothingToMake')}</p>
          ) : (
            <ul className="flex flex-wrap gap-2" aria-label={t('allDayCounts')}>
              {allDay.map((row) => (
                <li key={row.label} className="rounded-lg bg-stone-100 px-3 py-1 text-lg">
                  <span className="font-black tabular-nums">{row.quantity}</span> {row.label}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      {tools.batch && (
        <section aria-labelledby="batch" className="rounded-xl bg-white p-4 shadow-sm">
          <h2 id="batch" className="mb-2 text-xl font-bold">
            {t('cookTogether')}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3" aria-label={t('batches')}>
            {allDay.map((row) => (
              <li key={row.label} className="rounded-lg border-2 border-stone-200 p-3 text-xl">
                <span className="font-black">{row.quantity} ×</span> {row.label}
                <span className="block text-base text-stone-600">
                  {row.orders.map((n) => `#${n}`).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {failure && (
        <Alert tone="error" className="text-lg">
          {failure}
        </Alert>
      )}
      {isError && <Alert tone="error">{t('loadFailed', { error: error.message })}</Alert>}

      <div className="grid gap-4 lg:grid-cols-3">
        {COLUMNS.map((column) => (
          <section
            key={column.status}
            aria-labelledby={`col-${column.status}`}
            className="min-w-0 space-y-3"
          >
            <h2 id={`col-${column.status}`} className="text-2xl font-bold">
              {t(column.title)}
            </h2>
            {isPending ? (
              <div className="h-40 animate-pulse rounded-xl bg-stone-200" />
            ) : byStatus(column.status).length === 0 ? (
              <p className="rounded-xl border-2 border-dashed border-stone-300 p-6 text-center text-lg text-stone-500">
                {t('nothingHere')}
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
                    selected={selectedId === ticket.id}
                    index={numbered.indexOf(ticket) >= 0 ? numbered.indexOf(ticket) + 1 : undefined}
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
            {t('recentlyServed')}
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
                  {t('recall', { number: ticket.orderNumber, place: placeInline(ticket) })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
