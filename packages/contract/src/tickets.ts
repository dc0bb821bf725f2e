import { z } from 'zod';
import { successResponseSchema } from './api.js';
import type { Role } from './roles.js';
import {
  CURRENCIES,
  ORDER_STATUSES,
  STATIONS,
  TABLE_STATUSES,
  type OrderStatus,
  type Station,
} from './constants.js';

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
export const floorNotificationSchema = z.object({
  type: z.enum(TABLE_NOTIFICATION_TYPES),
  /** The request or order it is about (none for new_table). */
  refId: z.string().nullable(),
  message: z.string(),
  createdAt: z.string(),
});
export type FloorNotification = z.infer<typeof floorNotificationSchema>;

export const floorOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.number().int(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  createdAt: z.string(),
  /** What is still billed of each line (`id` names it for a void). */
  items: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number().int() })),
});
export type FloorOrder = z.infer<typeof floorOrderSchema>;

export const floorTableSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  capacity: z.number().int(),
  status: z.enum(TABLE_STATUSES),
  customerCount: z.number().int(),
  assignedWaiter: z.object({ id: z.string(), name: z.string() }).nullable(),
  sessionId: z.string().nullable(),
  sessionStart: z.string().nullable(),
  currentOrder: floorOrderSchema.nullable(),
  orders: z.array(floorOrderSchema),
  billTotal: z.number(),
  notifications: z.array(floorNotificationSchema),
  lastActivity: z.string().nullable(),
});
export type FloorTable = z.infer<typeof floorTableSchema>;

/** GET /api/tables/floor. */
export const floorSchema = z.object({
  tables: z.array(floorTableSchema),
  stats: z.object({
    todaysSales: z.number(),
    currency: z.enum(CURRENCIES),
    ordersToday: z.number().int(),
  }),
});
export type Floor = z.infer<typeof floorSchema>;
export const floorResponseSchema = successResponseSchema(floorSchema);

/** POST /api/tables/{id}/claim. */
export const claimTableResponseSchema = successResponseSchema(
  z.object({ claimed: z.literal(true) }),
);
/** POST /api/tables/{id}/respond: the notification type answered. */
export const respondResponseSchema = successResponseSchema(
  z.object({ responded: z.enum(TABLE_NOTIFICATION_TYPES) }),
);
/** POST /api/orders/{id}/serve. */
export const serveOrderResponseSchema = successResponseSchema(
  z.object({ served: z.literal(true) }),
);

/** A station ticket as the kitchen and bar displays show it. */
export const ticketSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.number().int(),
  tableId: z.string(),
  tableNumber: z.number().int(),
  station: z.enum(STATIONS),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(PRIORITIES),
  orderTime: z.string(),
  estimatedTime: z.number(),
  startTime: z.string().nullable(),
  readyTime: z.string().nullable(),
  servedTime: z.string().nullable(),
  waiter: z.string().nullable(),
  customerCount: z.number().int(),
  items: z.array(
    z.object({
      name: z.string(),
      quantity: z.number().int(),
      notes: z.string().nullable(),
      category: z.string(),
    }),
  ),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** GET /api/tickets: a station's open tickets and those it may still recall. */
export const ticketListSchema = z.object({
  tickets: z.array(ticketSchema),
  recentlyServed: z.array(ticketSchema),
});
export type TicketList = z.infer<typeof ticketListSchema>;
export const ticketListResponseSchema = successResponseSchema(ticketListSchema);
/** POST /api/tickets/{id}/transition: the ticket after the move. */
export const ticketResponseSchema = successResponseSchema(ticketSchema);

/** Which stations a role may see and work: its own, or both for a manager or admin. */
export function stationsFor(role: Role): Station[] {
  if (role === 'kitchen') return ['kitchen'];
  if (role === 'bar') return ['bar'];
  if (role === 'manager' || role === 'admin') return [...STATIONS];
  return [];
}
