import { type PreModifier, type Ticket, type TicketAction } from '@tavola/contract';

/** How a row names a pre-modifier: its code in capitals ("NO Onion") unless the screen words it. */
export type PreModifierWord = (code: PreModifier) => string;

const codeInCapitals: PreModifierWord = (code) => code.toUpperCase();

/** A line's name with its options, so "Pizza Diavola (Size: Large)" is counted apart from a small one. */
export function lineLabel(
  item: Ticket['items'][number],
  preModifier: PreModifierWord = codeInCapitals,
): string {
  const base = item.options?.length ? (item.itemName ?? item.name) : item.name;
  const options = (item.options ?? [])
    .map((o) => `${o.preModifier ? `${preModifier(o.preModifier)} ` : ''}${o.option}`)
    .join(', ');
  return options ? `${base} (${options})` : base;
}

export interface AllDayCount {
  label: string;
  quantity: number;
  /** The orders it is on, in ticket order. */
  orders: number[];
}

/**
 * How many of each thing the station still has to make ("all day"): every line of its open
 * tickets not yet ready (a held course's lines once it is fired), identical lines (same item, same options) added together. Also the
 * batch view: the same rows, each naming the orders it is on.
 */
export function allDayCounts(
  tickets: readonly Ticket[],
  preModifier: PreModifierWord = codeInCapitals,
): AllDayCount[] {
  const counts = new Map<string, AllDayCount>();
  for (const ticket of tickets) {
    if (ticket.status !== 'new' && ticket.status !== 'preparing') continue;
    for (const item of ticket.items) {
      // A held course is not being made yet: it counts once it is fired.
      if (item.held) continue;
      const label = lineLabel(item, preModifier);
      const row = counts.get(label) ?? { label, quantity: 0, orders: [] };
      row.quantity += item.quantity;
      if (!row.orders.includes(ticket.orderNumber)) row.orders.push(ticket.orderNumber);
      counts.set(label, row);
    }
  }
  return [...counts.values()].sort(
    (a, b) => b.quantity - a.quantity || a.label.localeCompare(b.label),
  );
}

/** What the bump key does to a ticket: the next step of its way out. */
export function bumpActionFor(status: Ticket['status']): TicketAction | null {
  if (status === 'new') return 'start';
  if (status === 'preparing') return 'ready';
  if (status === 'ready') return 'served';
  return null;
}

/** The bump bar's keys: 1–9 select the ticket with that number, these bump and recall. */
export const BUMP_KEYS = ['Enter', 'b'] as const;
export const RECALL_KEYS = ['r', 'Backspace'] as const;
