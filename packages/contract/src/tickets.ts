import { z } from 'zod';
import { STATIONS, type OrderStatus, type Station, type TableStatus } from './constants.js';

/** Kitchen and bar ticket rules (spec §4), shared by the server (enforced) and the displays. */
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

/** Spec §4: overdue when the minutes since the order exceed its estimated time. */
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

/** An order's status follows its tickets: all served → served; all ready or served → ready. */
export function orderStatusFromTickets(statuses: readonly TicketStatus[]): OrderStatus {
  if (statuses.length === 0) return 'new';
  if (statuses.every((s) => s === 'served')) return 'served';
  if (statuses.every((s) => s === 'ready' || s === 'served')) return 'ready';
  if (statuses.every((s) => s === 'new')) return 'new';
  return 'preparing';
}

/** Spec §4 waiter rules: Mark Served only when ready; Mark Paid only when served. */
export function canMarkServed(status: OrderStatus): boolean {
  return status === 'ready';
}
export function canMarkPaid(orderStatuses: readonly OrderStatus[]): boolean {
  return (
    orderStatuses.length > 0 &&
    orderStatuses.every((s) => s === 'served' || s === 'paid' || s === 'cancelled')
  );
}

/** Only the assigned waiter, or a manager or admin, acts on a table. */
export function canActOnTable(
  user: { id: string; role: string },
  assignedWaiterId: string | null,
): boolean {
  return user.role === 'manager' || user.role === 'admin' || assignedWaiterId === user.id;
}

export const TABLE_NOTIFICATION_TYPES = [
  'new_table',
  'new_order',
  'call_waiter',
  'payment_requested',
] as const;
export type TableNotificationType = (typeof TABLE_NOTIFICATION_TYPES)[number];

export const ticketListQuerySchema = z.object({
  station: z.enum(STATIONS, { error: 'station must be kitchen or bar' }),
});
export const ticketTransitionInputSchema = z.object({
  action: z.enum(TICKET_ACTIONS, { error: `action must be one of ${TICKET_ACTIONS.join(', ')}` }),
});
export const respondInputSchema = z.object({
  type: z.enum(TABLE_NOTIFICATION_TYPES, {
    error: `type must be one of ${TABLE_NOTIFICATION_TYPES.join(', ')}`,
  }),
  refId: z.uuid({ error: 'refId must be a valid identifier' }).optional(),
});

/** The waiter's floor: every table with its session, orders and open notifications. */
export interface FloorNotification {
  type: TableNotificationType;
  /** The request or order it is about (none for new_table). */
  refId: string | null;
  message: string;
  createdAt: string;
}

export interface FloorOrder {
  id: string;
  orderNumber: number;
  status: string;
  total: number;
  createdAt: string;
  /** What is still billed of each line (`id` names it for a void). */
  items: { id: string; name: string; quantity: number }[];
}

export interface FloorTable {
  id: string;
  number: number;
  capacity: number;
  status: TableStatus;
  customerCount: number;
  assignedWaiter: { id: string; name: string } | null;
  sessionId: string | null;
  sessionStart: string | null;
  currentOrder: FloorOrder | null;
  orders: FloorOrder[];
  billTotal: number;
  notifications: FloorNotification[];
  lastActivity: string | null;
}

export interface Floor {
  tables: FloorTable[];
  stats: { todaysSales: number; currency: 'eur' | 'usd'; ordersToday: number };
}

/** A station ticket as the kitchen and bar displays show it. */
export interface Ticket {
  id: string;
  orderId: string;
  orderNumber: number;
  tableId: string;
  tableNumber: number;
  station: Station;
  status: TicketStatus;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  orderTime: string;
  estimatedTime: number;
  startTime: string | null;
  readyTime: string | null;
  servedTime: string | null;
  waiter: string | null;
  customerCount: number;
  items: { name: string; quantity: number; notes: string | null; category: string }[];
}
