import {
  elapsedMinutes,
  optionLabel,
  overdueMinutes,
  orderTypeOf,
  placeLabelOf,
  PRIORITIES,
  PRIORITY_LABELS,
  type Priority,
  type Station,
  type Ticket,
  type TicketChange,
  type TicketAction,
  type TicketOption,
  stationInfo,
} from '@tavola/contract';
import { AlertTriangle, Ban, Clock, Users } from 'lucide-react';
import { memo } from 'react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';

const PRIORITY_TONE = { low: 'neutral', normal: 'blue', high: 'amber', urgent: 'red' } as const;

/** One change as the station reads it: "Classic Burger: 2 → 1, note “no onions” (Marco Rossi)". */
function describeChange(c: TicketChange): string {
  // A move says where the food goes (or came from): the kitchen sends it to that table.
  if (c.movedFrom !== undefined) {
    return `${c.name}: ${c.to.quantity} moved here from table ${c.movedFrom} (${c.by})`;
  }
  if (c.movedTo !== undefined) {
    const went = c.from.quantity - c.to.quantity;
    return `${c.name}: ${went} moved to table ${c.movedTo}, ${c.to.quantity} stay (${c.by})`;
  }
  const parts: string[] = [];
  if (c.to.quantity === 0) parts.push(`taken off (was ${c.from.quantity})`);
  else if (c.to.quantity !== c.from.quantity) parts.push(`${c.from.quantity} → ${c.to.quantity}`);
  if (c.to.quantity > 0 && c.to.notes !== c.from.notes) {
    parts.push(c.to.notes ? `note “${c.to.notes}”` : 'note removed');
  }
  return `${c.name}: ${parts.join(', ') || 'changed'} (${c.by})`;
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
          label: stationInfo(station).startLabel,
          primary: true,
        },
      ];
    case 'preparing':
      return [{ action: 'ready', label: 'Mark Ready', primary: true }];
    case 'ready':
      return [
        { action: 'back', label: 'Back' },
        { action: 'served', label: 'Served', primary: true },
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
      aria-label="Preparation time"
      aria-valuemin={0}
      aria-valuemax={estimate}
      aria-valuenow={Math.min(elapsed, estimate)}
      aria-valuetext={`${elapsed} of ${estimate} minutes`}
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
  const dineIn = orderTypeOf(ticket) === 'dine_in';
  const place = placeLabelOf(ticket);
  return (
    <article
      aria-label={`Order ${ticket.orderNumber}, ${dineIn ? `table ${ticket.tableNumber}` : place}`}
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
                title={`Key ${index}`}
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
              Pickup {formatTime(ticket.tab.pickupAt, timeZone)}
            </p>
          )}
        </div>
        {onPriority ? (
          <select
            aria-label={`Priority of order ${ticket.orderNumber}`}
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
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        ) : (
          <Badge
            tone={PRIORITY_TONE[ticket.priority]}
            className={cn('text-sm', urgent && 'px-3 py-1 text-base')}
          >
            {PRIORITY_LABELS[ticket.priority]}
          </Badge>
        )}
      </header>
      {ticket.allergyNote && (
        // Above the lines, in red and in words: the cook reads it before making anything.
        <section
          aria-label="Allergy"
          className="mt-2 rounded-lg border-4 border-red-700 bg-red-50 px-2 py-1.5 text-lg text-red-950"
        >
          <p className="flex items-center gap-1.5 font-black tracking-wide uppercase">
            <AlertTriangle aria-hidden className="size-5" /> Allergy
          </p>
          <p className="font-bold break-words whitespace-pre-line">{ticket.allergyNote}</p>
        </section>
      )}
      {ticket.held && (
        <p className="mt-2 rounded-lg bg-stone-300 px-2 py-1 text-base font-bold text-stone-800 uppercase">
          Held until fired
        </p>
      )}
      {overdue > 0 && !ticket.held && (
        <p className="mt-2 flex items-center gap-1.5 rounded-lg bg-red-600 px-2 py-1 text-base font-bold text-white">
          <AlertTriangle aria-hidden className="size-5" />
          Order overdue by {overdue} minute{overdue === 1 ? '' : 's'}
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
                  item.course != null ? `Course ${item.course}` : null,
                  item.seat != null ? `Seat ${item.seat}` : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
            )}
            {item.held && (
              <span className="ml-2 rounded bg-stone-200 px-1.5 text-sm font-bold text-stone-600 uppercase">
                held
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
          aria-label="Changed by the waiter"
          className="mb-3 rounded-lg border-2 border-amber-500 bg-amber-50 px-2 py-1.5 text-base text-amber-950"
        >
          <p className="font-bold">Changed by the waiter</p>
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
          <dt className="sr-only">Elapsed</dt>
          <dd>{elapsedMinutes(ticket.orderTime, now)} min ago</dd>
        </div>
        <div>
          <dt className="sr-only">Estimated time</dt>
          <dd>Est. {ticket.estimatedTime} min</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Users aria-hidden className="size-4" />
          <dt className="sr-only">Guests</dt>
          <dd>
            {ticket.customerCount} guest{ticket.customerCount === 1 ? '' : 's'}
          </dd>
        </div>
        <div className="truncate">
          <dt className="sr-only">Waiter</dt>
          <dd>{ticket.waiter ?? 'No waiter yet'}</dd>
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
    <ul className="mt-0.5 ml-7 space-y-0.5 text-lg" aria-label="Options">
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
                  {optionLabel(o)}
                </strong>
              ) : (
                <span className={cn(o.preModifier && 'font-bold')}>{optionLabel(o)}</span>
              )}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}
