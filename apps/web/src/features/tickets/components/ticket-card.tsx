import {
  elapsedMinutes,
  overdueMinutes,
  PRIORITIES,
  type Priority,
  type Station,
  stationInfo,
  type Ticket,
  type TicketChange,
  type TicketAction,
  type TicketOption,
} from '@tavola/contract';
import { AlertTriangle, Ban, Clock, Users } from 'lucide-react';
import { memo } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';
import { t } from '../messages';
import { placeInline, placeOf } from './place';

const PRIORITY_TONE = { low: 'neutral', normal: 'blue', high: 'amber', urgent: 'red' } as const;

/** One change as the station reads it: "Classic Burger: 2 → 1, note “no onions” (Marco Rossi)". */
function describeChange(c: TicketChange): string {
  const { name, by } = c;
  // A move says where the food goes (or came from): the kitchen sends it to that table.
  if (c.movedFrom !== undefined) {
    return t('changeMovedHere', { name, quantity: c.to.quantity, table: c.movedFrom, by });
  }
  if (c.movedTo !== undefined) {
    const went = c.from.quantity - c.to.quantity;
    return t('changeMovedTo', { name, went, table: c.movedTo, stay: c.to.quantity, by });
  }
  const parts: string[] = [];
  if (c.to.quantity === 0) parts.push(t('changeTakenOff', { quantity: c.from.quantity }));
  else if (c.to.quantity !== c.from.quantity) {
    parts.push(t('changeQuantity', { from: c.from.quantity, to: c.to.quantity }));
  }
  if (c.to.quantity > 0 && c.to.notes !== c.from.notes) {
    parts.push(c.to.notes ? t('changeNote', { note: c.to.notes }) : t('changeNoteRemoved'));
  }
  return t('changeLine', { name, what: parts.join(', ') || t('changeChanged'), by });
}

/** The display's word for starting a ticket: the kitchen cooks, the bar makes, others start. */
const START_WORDS = {
  'Start Cooking': 'startCooking',
  'Start Making': 'startMaking',
  Start: 'start',
} as const;

/** A chosen option as the card prints it ("NO Onion", "2× Cheese"), in the reader's language. */
function optionText(o: TicketOption): string {
  const times = (o.quantity ?? 1) > 1 ? `${o.quantity}× ` : '';
  const pre = o.preModifier ? `${t(`pre_${o.preModifier}`).toUpperCase()} ` : '';
  return `${pre}${times}${o.option}`;
}

function actionsFor(
  ticket: Ticket,
  station: Station,
): { action: TicketAction; label: string; primary?: boolean }[] {
  // A later course not fired yet: nothing to do until the waiter or the expo fires it.
  if (ticket.held) return [];
  switch (ticket.status) {
    case 'new':
      return [
        {
          action: 'start',
          label: t(START_WORDS[stationInfo(station).startLabel]),
          primary: true,
        },
      ];
    case 'preparing':
      return [{ action: 'ready', label: t('markReady'), primary: true }];
    case 'ready':
      return [
        { action: 'back', label: t('back') },
        { action: 'served', label: t('served'), primary: true },
      ];
    default:
      return [];
  }
}

/** The ticket's age against its estimate, as a bar that turns amber near it and red past it. */
function PrepTimer({ elapsed, estimate }: { elapsed: number; estimate: number }) {
  const share = estimate > 0 ? Math.min(1, elapsed / estimate) : 1;
  const tone = elapsed > estimate ? 'bg-red-600' : share >= 0.75 ? 'bg-amber-500' : 'bg-green-600';
  return (
    <div
      role="meter"
      aria-label={t('preparationTime')}
      aria-valuemin={0}
      aria-valuemax={estimate}
      aria-valuenow={Math.min(elapsed, estimate)}
      aria-valuetext={t('prepOfEstimate', { elapsed, estimate })}
      className="mb-2 h-2 w-full overflow-hidden rounded-full bg-stone-200"
    >
      <div className={cn('h-full', tone)} style={{ width: `${Math.round(share * 100)}%` }} />
    </div>
  );
}

/** Memoised: with hundreds of tickets on a wall screen, only changed cards re-render. */
export const TicketCard = memo(function TicketCard({
  ticket,
  station,
  now,
  busy,
  onAction,
  onPriority,
  timeZone,
  selected = false,
  index,
}: {
  /** Chosen on the bump bar (its number key): the key that bumps moves this one. */
  selected?: boolean;
  /** Its number on the bump bar (1–9), when it has one. */
  index?: number | undefined;
  ticket: Ticket;
  station: Station;
  now: Date;
  /** The restaurant's, for a takeaway's pickup time. */
  timeZone?: string | undefined;
  busy: boolean;
  onAction: (ticketId: string, action: TicketAction) => void;
  /** For a manager or admin at the display; the stations themselves only read the priority. */
  onPriority?: (ticketId: string, priority: Priority) => void;
}) {
  const overdue =
    ticket.status !== 'ready' ? overdueMinutes(ticket.orderTime, ticket.estimatedTime, now) : 0;
  const urgent = ticket.priority === 'urgent';
  // A table's ticket names the table; a tab's its type and name ("Takeaway · Ben").
  const place = placeOf(ticket);
  return (
    <article
      aria-label={t('orderCard', {
        number: ticket.orderNumber,
        place: placeInline(ticket),
      })}
      className={cn(
        'rounded-xl border-2 bg-white p-4 shadow-sm',
        overdue > 0 ? 'border-red-500 bg-red-50' : 'border-stone-200',
        // Urgent stands out on a wall screen from across the kitchen (and sorts first).
        urgent && 'border-4 border-red-600 ring-4 ring-red-200',
        selected && 'outline-4 outline-offset-2 outline-blue-600',
        // Held: greyed until its course is fired.
        ticket.held && 'border-dashed border-stone-400 bg-stone-100 opacity-70',
      )}
      aria-current={selected ? 'true' : undefined}
    >
      <header className="flex items-start justify-between gap-2">
        <div>
          <h3 className="text-2xl font-black">
            {index !== undefined && (
              <kbd
                aria-hidden="true"
                title={t('keyN', { index })}
                className="mr-2 inline-flex size-8 items-center justify-center rounded-md bg-stone-900 align-middle text-base text-white"
              >
                {index}
              </kbd>
            )}
            #{ticket.orderNumber}
          </h3>
          <p className="text-lg font-semibold text-stone-700">{place}</p>
          {ticket.tab?.pickupAt && (
            <p className="text-base font-bold text-amber-800">
              {t('pickup', { time: formatTime(ticket.tab.pickupAt, timeZone) })}
            </p>
          )}
        </div>
        {onPriority ? (
          <select
            aria-label={t('priorityOf', { number: ticket.orderNumber })}
            value={ticket.priority}
            disabled={busy}
            onChange={(e) => {
              const priority = PRIORITIES.find((p) => p === e.target.value);
              if (priority) onPriority(ticket.id, priority);
            }}
            className="min-h-11 rounded-lg border border-stone-300 bg-white px-2 text-base font-semibold"
          >
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`priority_${p}`)}
              </option>
            ))}
          </select>
        ) : (
          <Badge
            tone={PRIORITY_TONE[ticket.priority]}
            className={cn('text-sm', urgent && 'px-3 py-1 text-base')}
          >
            {t(`priority_${ticket.priority}`)}
          </Badge>
        )}
      </header>
      {ticket.allergyNote && (
        // Above the lines, in red and in words: the cook reads it before making anything.
        <section
          aria-label={t('allergy')}
          className="mt-2 rounded-lg border-4 border-red-700 bg-red-50 px-2 py-1.5 text-lg text-red-950"
        >
          <p className="flex items-center gap-1.5 font-black tracking-wide uppercase">
            <AlertTriangle aria-hidden className="size-5" /> {t('allergy')}
          </p>
          <p className="font-bold break-words whitespace-pre-line">{ticket.allergyNote}</p>
        </section>
      )}
      {ticket.held && (
        <p className="mt-2 rounded-lg bg-stone-300 px-2 py-1 text-base font-bold text-stone-800 uppercase">
          {t('heldUntilFired')}
        </p>
      )}
      {overdue > 0 && !ticket.held && (
        <p className="mt-2 flex items-center gap-1.5 rounded-lg bg-red-600 px-2 py-1 text-base font-bold text-white">
          <AlertTriangle aria-hidden className="size-5" />
          {t('overdue', { count: overdue })}
        </p>
      )}
      <ul className="my-3 space-y-1.5">
        {ticket.items.map((item, i) => (
          <li
            key={i}
            className={cn('text-xl leading-snug', item.held && 'text-stone-400')}
            data-held={item.held ? '' : undefined}
          >
            <span className="font-bold">{item.quantity} ×</span>{' '}
            {item.options?.length ? (item.itemName ?? item.name) : item.name}
            {(item.seat != null || item.course != null) && (
              <span className="ml-2 text-base text-stone-600">
                {[
                  // The restaurant's name for the course ("Mains"); its number without one.
                  item.course != null
                    ? (item.courseName ?? t('courseN', { course: item.course }))
                    : null,
                  item.seat != null ? t('seatN', { seat: item.seat }) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            )}
            {item.held && (
              <span className="ml-2 rounded bg-stone-200 px-1.5 text-sm font-bold text-stone-600 uppercase">
                {t('held')}
              </span>
            )}
            {item.options && item.options.length > 0 && <TicketOptions options={item.options} />}
            {item.notes && (
              <span className="block text-base text-amber-800 italic">“{item.notes}”</span>
            )}
          </li>
        ))}
      </ul>
      {ticket.changes && ticket.changes.length > 0 && (
        // The waiter changed the order after it arrived: said plainly, never silently.
        <section
          aria-label={t('changedByWaiter')}
          className="mb-3 rounded-lg border-2 border-amber-500 bg-amber-50 px-2 py-1.5 text-base text-amber-950"
        >
          <p className="font-bold">{t('changedByWaiter')}</p>
          <ul>
            {ticket.changes.map((c, i) => (
              <li key={i}>{describeChange(c)}</li>
            ))}
          </ul>
        </section>
      )}
      {ticket.status !== 'ready' && !ticket.held && (
        <PrepTimer
          elapsed={elapsedMinutes(ticket.orderTime, now)}
          estimate={ticket.estimatedTime}
        />
      )}
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-base text-stone-700">
        <div className="flex items-center gap-1.5">
          <Clock aria-hidden className="size-4" />
          <dt className="sr-only">{t('elapsed')}</dt>
          <dd>{t('minAgo', { minutes: elapsedMinutes(ticket.orderTime, now) })}</dd>
        </div>
        <div>
          <dt className="sr-only">{t('estimatedTime')}</dt>
          <dd>{t('estimate', { minutes: ticket.estimatedTime })}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Users aria-hidden className="size-4" />
          <dt className="sr-only">{t('guests')}</dt>
          <dd>{t('guestsN', { count: ticket.customerCount })}</dd>
        </div>
        <div className="truncate">
          <dt className="sr-only">{t('waiter')}</dt>
          <dd>{ticket.waiter ?? t('noWaiter')}</dd>
        </div>
      </dl>
      <div className="mt-3 flex gap-2">
        {actionsFor(ticket, station).map(({ action, label, primary }) => (
          <button
            key={action}
            type="button"
            disabled={busy}
            onClick={() => onAction(ticket.id, action)}
            className={cn(
              'min-h-14 flex-1 rounded-xl px-4 text-lg font-bold disabled:opacity-50',
              primary
                ? 'bg-brand-700 text-white hover:bg-brand-800'
                : 'border-2 border-stone-300 bg-white hover:bg-stone-100',
            )}
          >
            {label}
          </button>
        ))}
      </div>
    </article>
  );
});

/**
 * A line's options under it, group by group ("Cooking: Medium", "Extras: Cheese"): a removal
 * ("NO Onion") stands out in capitals, bold, boxed and with a sign, so it is not told by colour
 * alone.
 */
function TicketOptions({ options }: { options: readonly TicketOption[] }) {
  const groups: { group: string; picks: TicketOption[] }[] = [];
  for (const o of options) {
    const last = groups.at(-1);
    if (last && last.group === o.group) last.picks.push(o);
    else groups.push({ group: o.group, picks: [o] });
  }
  return (
    <ul className="mt-0.5 ml-7 space-y-0.5 text-lg" aria-label={t('options')}>
      {groups.map((g) => (
        <li key={g.group}>
          <span className="text-stone-600">{g.group}:</span>{' '}
          {g.picks.map((o, i) => (
            <span key={`${o.option}-${i}`}>
              {i > 0 && ', '}
              {o.preModifier === 'no' ? (
                <strong
                  data-removal=""
                  className="inline-flex items-center gap-1 rounded border-2 border-red-700 px-1 font-black text-red-800 uppercase"
                >
                  <Ban aria-hidden className="size-4" />
                  {optionText(o)}
                </strong>
              ) : (
                <span className={cn(o.preModifier && 'font-bold')}>{optionText(o)}</span>
              )}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
