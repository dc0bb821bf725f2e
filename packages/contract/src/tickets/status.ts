import type { Role } from '../auth/roles.js';
import { type Station, type StationKind, STATION_KINDS, stationInfo } from '../menu/categories.js';

/**
 * Demo estimated times: kitchen 20 to 30 minutes, bar 5 to 8; else from the items. A station's
 * own estimate (set by the manager) stands in for the default when the items give none.
 */
export function estimateTicketMinutes(
  station: Station,
  preparationTimes: (number | null)[],
  stationMinutes?: number | null,
): number {
  const known = preparationTimes.filter((t): t is number => typeof t === 'number' && t > 0);
  if (known.length === 0) return stationMinutes ?? stationInfo(station).defaultTicketMinutes;
  return Math.max(...known);
}

/** Kitchen and bar ticket rules, shared by the server (enforced) and the displays. */
export const TICKET_STATUSES = ['new', 'preparing', 'ready', 'served'] as const;

export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_ACTIONS = ['start', 'ready', 'back', 'served', 'recall'] as const;

export type TicketAction = (typeof TICKET_ACTIONS)[number];

/** Each action's legal starting status and where it leads. */
export const TICKET_TRANSITIONS: Record<TicketAction, { from: TicketStatus; to: TicketStatus }> = {
  start: { from: 'new', to: 'preparing' },
  ready: { from: 'preparing', to: 'ready' },
  back: { from: 'ready', to: 'preparing' },
  served: { from: 'ready', to: 'served' },
  // Un-bump a ticket served by mistake, as kitchen displays allow for a short time.
  recall: { from: 'served', to: 'ready' },
};

/** How long a served ticket can be recalled. */
export const TICKET_RECALL_MINUTES = 10;

export function nextTicketStatus(current: TicketStatus, action: TicketAction): TicketStatus | null {
  const rule = TICKET_TRANSITIONS[action];
  return rule.from === current ? rule.to : null;
}

export const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;

export type Priority = (typeof PRIORITIES)[number];

const PRIORITY_RANK: Record<Priority, number> = { urgent: 0, high: 1, normal: 2, low: 3 };

/** How the screens name each priority. */
export const PRIORITY_LABELS: Record<Priority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** The most pressing of some priorities (an order's, from its tickets); normal for none. */
export function highestPriority(priorities: readonly Priority[]): Priority {
  return priorities.reduce<Priority>(
    (top, p) => (PRIORITY_RANK[p] < PRIORITY_RANK[top] ? p : top),
    priorities[0] ?? 'normal',
  );
}

/**
 * A priority changes only while there is still something to make or to bring: a ticket or order
 * that is new, preparing or ready (not served, paid or cancelled).
 */
export function canChangePriority(status: string): boolean {
  return status === 'new' || status === 'preparing' || status === 'ready';
}

/** Overdue when the minutes since the order exceed its estimated time. */
export function overdueMinutes(
  orderTime: string | Date,
  estimatedMinutes: number,
  now: Date,
): number {
  const elapsed = Math.floor((now.getTime() - new Date(orderTime).getTime()) / 60_000);
  return elapsed > estimatedMinutes ? elapsed - estimatedMinutes : 0;
}

export function elapsedMinutes(since: string | Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - new Date(since).getTime()) / 60_000));
}

/** Urgent first, then oldest first. */
export function compareTickets(
  a: { priority: Priority; orderTime: string },
  b: { priority: Priority; orderTime: string },
): number {
  return (
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    new Date(a.orderTime).getTime() - new Date(b.orderTime).getTime()
  );
}

/**
 * Which kinds of station a role may see and work: the kitchen's cooks the kitchen and the
 * stations of its kind (grill, pizza…), the bar its own kind, a manager or admin every one.
 * Kitchen and bar are each their own kind.
 */
export function stationsFor(role: Role): StationKind[] {
  if (role === 'kitchen') return ['kitchen'];
  if (role === 'bar') return ['bar'];
  if (role === 'manager' || role === 'admin') return [...STATION_KINDS];
  return [];
}

/** Whether a role may see and work a station of this kind. */
export function canWorkStation(role: Role, kind: StationKind): boolean {
  return stationsFor(role).includes(kind);
}
