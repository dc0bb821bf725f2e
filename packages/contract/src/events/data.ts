import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit/actions.js';
import { ROLES } from '../auth/roles.js';
import { USER_STATUSES } from '../auth/schemas.js';
import { BACKUP_KINDS, BACKUP_STATUSES } from '../settings/limits.js';
import { CURRENCIES } from '../common/constants.js';
import { DISCOUNT_KINDS } from '../discounts/rules.js';
import { TABLE_NOTIFICATION_TYPES } from '../floor/rules.js';
import { ticketOptionsShape } from '../menu/options.js';
import { orderPlaceShape, TAB_TYPES, tabRefSchema } from '../orders/order-types.js';
import { ORDER_STATUSES } from '../orders/status.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { PAYMENT_STATES } from '../payments/state.js';
import { SUPPORT_TICKET_STATUSES } from '../platform/support.js';
import { TABLE_STATUSES } from '../tables/status.js';
import { SESSION_CLOSE_REASONS } from '../dining-sessions/status.js';
import { ticketSchema } from '../tickets/schemas.js';
import { PRIORITIES, TICKET_STATUSES } from '../tickets/status.js';
import { stationSlugSchema } from '../stations/schemas.js';
import { COURSE_FIRED_BY } from '../courses/schemas.js';
import { PRINT_JOB_KINDS, PRINTER_STATUSES } from '../printers/schemas.js';

/**
 * One schema per event type: what the server writes in `data` and every screen reads. Services
 * build events through `EventInput` (type-checked against these), and a test parses every event a
 * whole service night writes.
 */
const id = z.string();

const tableRef = { tableId: id, tableNumber: z.number().int() };

/** An order and where it goes: a table, or a tab (a bill without one). */
const orderRef = { orderId: id, orderNumber: z.number().int(), ...orderPlaceShape };

const eventItem = z.object({
  /** The order line's key (events written before lines had keys have none). */
  lineKey: z.string().optional(),
  /** Null for an open-priced line. */
  menuItemId: id.nullable(),
  name: z.string(),
  quantity: z.number().int(),
  category: z.string(),
  station: stationSlugSchema,
  notes: z.string().nullable(),
  seat: z.number().int().nullable().optional(),
  course: z.number().int().nullable().optional(),
  ...ticketOptionsShape,
});

const stationOrder = z.object({
  ticketId: id,
  /** The station the ticket is for (kitchen_order and bar_order carry theirs too). */
  station: stationSlugSchema,
  ...orderRef,
  items: z.array(eventItem),
  estimatedTime: z.number(),
  orderTime: z.string(),
  priority: z.enum(PRIORITIES),
  customerCount: z.number().int(),
  /** The guest's allergy note for the order, when there is one. */
  allergyNote: z.string().optional(),
  /** The new ticket as the kitchen or bar display shows it. */
  ticket: ticketSchema,
});

const ticketUpdated = z.object({
  ticketId: id,
  orderId: id,
  orderNumber: z.number().int(),
  /** Null for a tab's ticket. */
  tableNumber: z.number().int().nullable(),
  station: stationSlugSchema,
  status: z.enum(TICKET_STATUSES),
  action: z.string(),
  /** A void took the ticket's last line: it leaves the display. */
  removed: z.boolean().optional(),
  /** The ticket as the displays show it after the change (absent when it was removed). */
  ticket: ticketSchema.optional(),
  /** What is left to make after a void. */
  items: z
    .array(
      z.object({
        name: z.string(),
        quantity: z.number().int(),
        notes: z.string().nullable(),
        category: z.string(),
        seat: z.number().int().nullable().optional(),
        course: z.number().int().nullable().optional(),
        ...ticketOptionsShape,
      }),
    )
    .optional(),
});

const orderProgress = z.object({ ...orderRef, waiterId: id.nullable() });

const waiterRef = z.object({ id, name: z.string() });

export const EVENT_DATA = {
  table_activated: z.object({ ...tableRef, customerCount: z.number().int() }),
  call_waiter: z.object({ ...tableRef, message: z.string(), requestId: id }),
  payment_requested: z.object({
    ...tableRef,
    amount: z.number(),
    currency: z.enum(CURRENCIES),
    method: z.enum(PAYMENT_METHODS).nullable(),
    requestId: id,
  }),
  order_placed: z.object({
    ...orderRef,
    items: z.array(eventItem),
    total: z.number(),
    currency: z.enum(CURRENCIES),
    type: z.enum(['food', 'drinks']),
    /** The guest's allergy note, when there is one. */
    allergyNote: z.string().optional(),
  }),
  kitchen_order: stationOrder,
  bar_order: stationOrder,
  staff_notification: z.object({ message: z.string(), fromRole: z.enum(ROLES).nullable() }),
  menu_updated: z.object({
    action: z.string(),
    itemId: id.optional(),
    name: z.string().optional(),
    available: z.boolean().optional(),
    /** An option group changed (or one of its options was made available or not). */
    groupId: id.optional(),
    optionId: id.optional(),
  }),
  user_joined: z.object({}),
  payment_completed: z.object({
    ...orderPlaceShape,
    sessionId: id,
    /** The payment that settled the bill (absent from events recorded before it was added). */
    paymentId: id.optional(),
    amount: z.number(),
    tip: z.number(),
    method: z.enum(PAYMENT_METHODS),
    /** The restaurant's base currency, in which payments are recorded. */
    currency: z.enum(CURRENCIES),
  }),
  payment_refunded: z.object({
    ...orderPlaceShape,
    sessionId: id,
    paymentId: id,
    refundId: id,
    /** What this refund gave back (the tip given back apart). */
    amount: z.number(),
    tip: z.number(),
    method: z.enum(PAYMENT_METHODS),
    currency: z.enum(CURRENCIES),
    /** The payment's status after it: partly or wholly refunded. */
    status: z.enum(PAYMENT_STATES),
    reason: z.string(),
  }),
  bill_part_paid: z.object({
    ...orderPlaceShape,
    sessionId: id,
    paymentId: id,
    /** How it was split: all, items, share, equal, amount, or staff. */
    split: z.string(),
    amount: z.number(),
    tip: z.number(),
    method: z.enum(PAYMENT_METHODS),
    /** What the bill still owes after it. */
    remaining: z.number(),
    currency: z.enum(CURRENCIES),
  }),
  table_updated: z.object({
    ...tableRef,
    status: z.enum(TABLE_STATUSES),
    assignedWaiterId: id.nullable().optional(),
    assignedWaiterName: z.string().optional(),
    /** The kind of notification a waiter answered. */
    responded: z.enum(TABLE_NOTIFICATION_TYPES).optional(),
    /** The order or request answered; absent when every one of that kind was. */
    refId: id.optional(),
    action: z.string().optional(),
  }),
  order_updated: orderProgress.extend({ status: z.enum(ORDER_STATUSES) }),
  // `expo`: sent again by the expo's bump (every station ready, checked at the pass).
  order_ready: orderProgress.extend({ expo: z.boolean().optional() }),
  kitchen_ticket_updated: ticketUpdated,
  bar_ticket_updated: ticketUpdated,
  station_order: stationOrder,
  station_ticket_updated: ticketUpdated,
  stations_updated: z.object({ action: z.string(), stationId: id, slug: stationSlugSchema }),
  priority_changed: z.object({
    ...orderRef,
    /** The order's priority after the change (the most pressing of its tickets). */
    priority: z.enum(PRIORITIES),
    /** Set on one ticket, or on the whole order (then on each of its open tickets). */
    scope: z.enum(['ticket', 'order']),
    /** The tickets whose priority changed, as the displays show them now. */
    tickets: z.array(ticketSchema),
    /**
     * Set when the system escalated the order for staying new past the restaurant's order
     * timeout: the minutes it had waited. The manager's bell says so.
     */
    escalatedAfterMinutes: z.number().int().optional(),
  }),
  review_left: z.object({
    reviewId: id,
    ...tableRef,
    sessionId: id,
    rating: z.number().int(),
    comment: z.string().nullable(),
  }),
  order_voided: orderProgress.extend({
    status: z.enum(ORDER_STATUSES),
    whole: z.boolean(),
    items: z.array(
      z.object({ name: z.string(), quantity: z.number().int(), station: stationSlugSchema }),
    ),
    voidedAmount: z.number(),
    total: z.number(),
    billTotal: z.number(),
    currency: z.enum(CURRENCIES),
  }),
  bill_discounted: z.object({
    /** The table, or the tab (a bill without one). */
    ...orderPlaceShape,
    sessionId: id,
    discountId: id,
    /** Given, or taken back. */
    change: z.enum(['applied', 'removed']),
    kind: z.enum(DISCOUNT_KINDS),
    /** What it took off (or gave back to) the bill, tax and service charge in. */
    amount: z.number(),
    /** What the table pays now. */
    billTotal: z.number(),
    currency: z.enum(CURRENCIES),
  }),
  table_closed: z.object({
    ...tableRef,
    sessionId: id,
    /** idle (nobody ordered), closed_by_staff, or paid (a manager settled it while closing). */
    reason: z.enum(SESSION_CLOSE_REASONS),
    /** The table's status now. */
    status: z.enum(TABLE_STATUSES),
    /** Orders a manager voided to close it. */
    voidedOrders: z.number().int(),
  }),
  table_reassigned: z.object({
    ...tableRef,
    status: z.enum(TABLE_STATUSES),
    from: waiterRef.nullable(),
    /** Null when the table was released: nobody's, any waiter may claim it. */
    to: waiterRef.nullable(),
    /** A manager's reassignment, a waiter's hand-over, or the waiter's deactivation. */
    via: z.enum(['manager', 'hand_over', 'deactivated']),
  }),
  business_day_closed: z.object({
    /** The restaurant's local date (YYYY-MM-DD). */
    date: z.string(),
    closedBy: z.string(),
    /** Whether its Z report reconciled to the cent. */
    balanced: z.boolean(),
  }),
  business_day_reopened: z.object({
    date: z.string(),
    reopenedBy: z.string(),
    reason: z.string(),
  }),
  backup_updated: z.object({
    backupId: id,
    kind: z.enum(BACKUP_KINDS),
    status: z.enum(BACKUP_STATUSES),
    sizeBytes: z.number().int().nullable(),
    /** Deleted by an admin, or by keeping only the newest automatic backups. */
    removed: z.boolean(),
  }),
  /** One change's audit entries were written (the unit of work adds it; the entries stay admin-only). */
  audit_logged: z.object({
    actions: z.array(z.enum(AUDIT_ACTIONS)),
  }),
  support_ticket_updated: z.object({
    ticketId: id,
    subject: z.string(),
    status: z.enum(SUPPORT_TICKET_STATUSES),
    /** Opened or written to by the restaurant, answered by the team, or its status moved. */
    change: z.enum(['opened', 'replied', 'answered', 'status']),
  }),
  staff_updated: z.object({
    userId: id,
    role: z.enum(ROLES),
    status: z.enum(USER_STATUSES),
    /** Created, changed (name, role, shift, status), or its granted permissions changed. */
    change: z.enum(['created', 'updated', 'permissions']),
    /** What the account may do now, after a change of its grants. */
    permissions: z.array(z.string()).optional(),
  }),
  tab_opened: z.object({
    sessionId: id,
    type: z.enum(TAB_TYPES),
    tab: tabRefSchema,
    waiterId: id.nullable(),
  }),
  tab_closed: z.object({
    sessionId: id,
    type: z.enum(TAB_TYPES),
    tab: tabRefSchema,
    voidedOrders: z.number().int().nonnegative(),
  }),
  /** A webhook endpoint was turned off after a day of failed deliveries (its admins' notice). */
  webhook_endpoint_disabled: z.object({
    endpointId: id,
    url: z.string(),
    failingSince: z.string(),
  }),
  /** A held course of an order went live on its stations (each ticket's own update follows). */
  course_fired: z.object({
    ...orderRef,
    course: z.number().int(),
    name: z.string(),
    by: z.enum(COURSE_FIRED_BY),
    stations: z.array(stationSlugSchema),
  }),
  courses_updated: z.object({ fireDelayMinutes: z.number().int().nullable() }),
  /** A printer's status changed (read from its status bytes, or it could not be reached). */
  printer_status_changed: z.object({
    printerId: id,
    name: z.string(),
    status: z.enum(PRINTER_STATUSES),
    previousStatus: z.enum(PRINTER_STATUSES),
    error: z.string().nullable(),
    /** The stations it prints for (main or backup), so each display shows its own alert. */
    stations: z.array(stationSlugSchema),
    receipt: z.boolean(),
  }),
  /** A job moved from a failing printer to its station's backup. */
  print_job_rerouted: z.object({
    jobId: id,
    kind: z.enum(PRINT_JOB_KINDS),
    station: stationSlugSchema.nullable(),
    title: z.string(),
    fromPrinterId: id,
    fromPrinterName: z.string(),
    toPrinterId: id,
    toPrinterName: z.string(),
  }),
  report_recipients_named: z.object({
    scheduleId: id,
    recipients: z.array(z.string()),
  }),
} as const;

export type EventDataOf = { [K in keyof typeof EVENT_DATA]: z.infer<(typeof EVENT_DATA)[K]> };

/** An event as a service adds it: its type and the data that type carries. */
export type EventInput = {
  [K in keyof EventDataOf]: {
    type: K;
    data: EventDataOf[K];
    tableId?: string | null;
    userId?: string | null;
  };
}[keyof EventDataOf];

/** Checks an event's data against its type's schema (tests, and anything reading stored events). */
export function parseEventData<K extends keyof EventDataOf>(
  type: K,
  data: unknown,
): EventDataOf[K] {
  return EVENT_DATA[type].parse(data) as EventDataOf[K];
}
