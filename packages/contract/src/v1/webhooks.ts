/**
 * Webhooks' public payloads, version `v1`. A receiver sees these shapes only, mapped here from
 * the internal events (`events/data.ts`), never the internal events themselves: an internal
 * change is absorbed by the mapping, and a receiver's code keeps working (docs/decisions/
 * 0014-webhooks.md). Within v1 a payload only gains optional fields; money is in integer cents.
 */
import { z } from 'zod';
import { CURRENCIES } from '../common/constants.js';
import { amountToCents } from '../common/money.js';
import { SESSION_CLOSE_REASONS } from '../dining-sessions/status.js';
import { ORDER_STATUSES } from '../orders/status.js';
import { PAYMENT_METHODS } from '../payments/schemas.js';
import { TABLE_STATUSES } from '../tables/status.js';
import { TICKET_STATUSES } from '../tickets/status.js';
import type { DomainEvent, EventType } from '../events/types.js';
import { stationSlugSchema } from '../stations/schemas.js';

export const WEBHOOK_PAYLOAD_VERSION = 'v1';

/** The public event types a webhook endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.status_changed',
  'order.voided',
  'ticket.created',
  'ticket.status_changed',
  'payment.captured',
  'payment.refunded',
  'table.assigned',
  'table.closed',
  'tab.closed',
  'business_day.closed',
  'menu.updated',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event a "send test event" button delivers; no filter stops it. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

const cents = z.number().int();
const place = {
  /** Null for an order on a tab (a bill without a table). */
  tableId: z.string().nullable(),
  tableNumber: z.number().int().nullable(),
  /** The tab's name, for an order without a table. */
  tabName: z.string().nullable(),
};

const waiter = z.object({ id: z.string(), name: z.string() });

export const webhookDataSchemas = {
  'order.created': z.object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    ...place,
    totalCents: cents,
    currency: z.enum(CURRENCIES),
    items: z.array(
      z.object({
        menuItemId: z.string().nullable(),
        name: z.string(),
        quantity: z.number().int(),
        notes: z.string().nullable(),
      }),
    ),
  }),
  'order.status_changed': z.object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    ...place,
    status: z.enum(ORDER_STATUSES),
  }),
  'order.voided': z.object({
    orderId: z.string(),
    orderNumber: z.number().int(),
    ...place,
    status: z.enum(ORDER_STATUSES),
    /** The whole order, or some of its lines. */
    whole: z.boolean(),
    voidedCents: cents,
    totalCents: cents,
    currency: z.enum(CURRENCIES),
  }),
  'ticket.created': z.object({
    ticketId: z.string(),
    orderId: z.string(),
    orderNumber: z.number().int(),
    ...place,
    station: stationSlugSchema,
    items: z.array(
      z.object({ name: z.string(), quantity: z.number().int(), notes: z.string().nullable() }),
    ),
  }),
  'ticket.status_changed': z.object({
    ticketId: z.string(),
    orderId: z.string(),
    orderNumber: z.number().int(),
    tableNumber: z.number().int().nullable(),
    station: stationSlugSchema,
    status: z.enum(TICKET_STATUSES),
    /** The ticket left the displays (a void took its last line). */
    removed: z.boolean(),
  }),
  'payment.captured': z.object({
    sessionId: z.string(),
    /** The payment that settled the bill; absent only on events recorded before it was added. */
    paymentId: z.string().optional(),
    ...place,
    amountCents: cents,
    tipCents: cents,
    method: z.enum(PAYMENT_METHODS),
    currency: z.enum(CURRENCIES),
  }),
  'payment.refunded': z.object({
    sessionId: z.string(),
    paymentId: z.string(),
    refundId: z.string(),
    ...place,
    /** What this refund gave back of the bill, and of the tip. */
    amountCents: cents,
    tipCents: cents,
    method: z.enum(PAYMENT_METHODS),
    currency: z.enum(CURRENCIES),
    /** The payment after it: refunded in part, or in full. */
    status: z.enum(['partially_refunded', 'refunded']),
  }),
  'table.assigned': z.object({
    tableId: z.string(),
    tableNumber: z.number().int(),
    status: z.enum(TABLE_STATUSES),
    /** The waiter who had the table, and who has it now (null: released, any waiter may claim it). */
    from: waiter.nullable(),
    to: waiter.nullable(),
    /** A manager's reassignment, a waiter's hand-over, or the waiter's account deactivated. */
    via: z.enum(['manager', 'hand_over', 'deactivated']),
  }),
  'table.closed': z.object({
    sessionId: z.string(),
    tableId: z.string(),
    tableNumber: z.number().int(),
    /** `paid`: the bill was settled; `idle` or `closed_by_staff` otherwise. */
    reason: z.enum(SESSION_CLOSE_REASONS),
    voidedOrders: z.number().int(),
  }),
  'tab.closed': z.object({
    sessionId: z.string(),
    tabName: z.string(),
    voidedOrders: z.number().int(),
  }),
  'business_day.closed': z.object({
    /** The restaurant's local date, YYYY-MM-DD. */
    date: z.string(),
    /** Whether its Z report reconciled to the cent. */
    balanced: z.boolean(),
  }),
  'menu.updated': z.object({
    itemId: z.string().nullable(),
    name: z.string().nullable(),
    available: z.boolean().nullable(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookDataOf = {
  [K in WebhookEventType]: z.infer<(typeof webhookDataSchemas)[K]>;
};

/** The body of every delivery (Standard Webhooks' `type`, `timestamp`, `data`, plus ours). */
export type WebhookPayload = {
  [K in WebhookEventType]: {
    type: K;
    version: typeof WEBHOOK_PAYLOAD_VERSION;
    /** When the event happened (ISO 8601, UTC). */
    timestamp: string;
    restaurantId: string;
    data: WebhookDataOf[K];
  };
}[WebhookEventType];

export const webhookTestPayloadSchema = z.object({
  type: z.literal(WEBHOOK_TEST_EVENT_TYPE),
  version: z.literal(WEBHOOK_PAYLOAD_VERSION),
  timestamp: z.string(),
  restaurantId: z.string(),
  data: z.object({ message: z.string() }),
});

/** The internal event types a webhook can carry (the rest never leave the server). */
export const WEBHOOK_SOURCE_EVENTS = [
  'order_placed',
  'order_updated',
  'order_voided',
  'kitchen_order',
  'bar_order',
  'kitchen_ticket_updated',
  'bar_ticket_updated',
  'station_order',
  'station_ticket_updated',
  'payment_completed',
  'payment_refunded',
  'table_reassigned',
  'table_closed',
  'tab_closed',
  'business_day_closed',
  'menu_updated',
] as const satisfies readonly EventType[];

const toCents = (amount: number) => amountToCents(amount) ?? 0;

function placeOf(d: {
  tableId: string | null;
  tableNumber: number | null;
  tab?: { name: string } | null | undefined;
}) {
  return { tableId: d.tableId, tableNumber: d.tableNumber, tabName: d.tab?.name ?? null };
}

function payload<K extends WebhookEventType>(
  type: K,
  event: Pick<DomainEvent, 'timestamp' | 'restaurantId'>,
  data: WebhookDataOf[K],
): WebhookPayload {
  return {
    type,
    version: WEBHOOK_PAYLOAD_VERSION,
    timestamp: event.timestamp,
    restaurantId: event.restaurantId,
    data,
  } as WebhookPayload;
}

/**
 * The public payload of an internal event, or null when the event is not for receivers. The one
 * place an internal shape becomes a public one.
 */
export function toWebhookPayload(event: DomainEvent): WebhookPayload | null {
  switch (event.type) {
    case 'order_placed': {
      const d = event.data;
      return payload('order.created', event, {
        orderId: d.orderId,
        orderNumber: d.orderNumber,
        ...placeOf(d),
        totalCents: toCents(d.total),
        currency: d.currency,
        items: d.items.map((i) => ({
          menuItemId: i.menuItemId,
          name: i.name,
          quantity: i.quantity,
          notes: i.notes,
        })),
      });
    }
    case 'order_updated':
      return payload('order.status_changed', event, {
        orderId: event.data.orderId,
        orderNumber: event.data.orderNumber,
        ...placeOf(event.data),
        status: event.data.status,
      });
    case 'order_voided': {
      const d = event.data;
      return payload('order.voided', event, {
        orderId: d.orderId,
        orderNumber: d.orderNumber,
        ...placeOf(d),
        status: d.status,
        whole: d.whole,
        voidedCents: toCents(d.voidedAmount),
        totalCents: toCents(d.total),
        currency: d.currency,
      });
    }
    case 'kitchen_order':
    case 'bar_order':
    case 'station_order': {
      const d = event.data;
      return payload('ticket.created', event, {
        ticketId: d.ticketId,
        orderId: d.orderId,
        orderNumber: d.orderNumber,
        ...placeOf(d),
        station: d.ticket.station,
        items: d.items.map((i) => ({ name: i.name, quantity: i.quantity, notes: i.notes })),
      });
    }
    case 'kitchen_ticket_updated':
    case 'bar_ticket_updated':
    case 'station_ticket_updated': {
      const d = event.data;
      return payload('ticket.status_changed', event, {
        ticketId: d.ticketId,
        orderId: d.orderId,
        orderNumber: d.orderNumber,
        tableNumber: d.tableNumber,
        station: d.station,
        status: d.status,
        removed: d.removed ?? false,
      });
    }
    case 'payment_completed': {
      const d = event.data;
      return payload('payment.captured', event, {
        sessionId: d.sessionId,
        ...(d.paymentId ? { paymentId: d.paymentId } : {}),
        ...placeOf(d),
        amountCents: toCents(d.amount),
        tipCents: toCents(d.tip),
        method: d.method,
        currency: d.currency,
      });
    }
    case 'payment_refunded': {
      const d = event.data;
      // Only a refund's own statuses follow one; anything else would be a bug upstream.
      if (d.status !== 'partially_refunded' && d.status !== 'refunded') return null;
      return payload('payment.refunded', event, {
        sessionId: d.sessionId,
        paymentId: d.paymentId,
        refundId: d.refundId,
        ...placeOf(d),
        amountCents: toCents(d.amount),
        tipCents: toCents(d.tip),
        method: d.method,
        currency: d.currency,
        status: d.status,
      });
    }
    case 'table_reassigned': {
      const d = event.data;
      const who = (w: { id: string; name: string } | null) =>
        w ? { id: w.id, name: w.name } : null;
      return payload('table.assigned', event, {
        tableId: d.tableId,
        tableNumber: d.tableNumber,
        status: d.status,
        from: who(d.from),
        to: who(d.to),
        via: d.via,
      });
    }
    case 'table_closed':
      return payload('table.closed', event, {
        sessionId: event.data.sessionId,
        tableId: event.data.tableId,
        tableNumber: event.data.tableNumber,
        reason: event.data.reason,
        voidedOrders: event.data.voidedOrders,
      });
    case 'tab_closed':
      return payload('tab.closed', event, {
        sessionId: event.data.sessionId,
        tabName: event.data.tab.name,
        voidedOrders: event.data.voidedOrders,
      });
    case 'business_day_closed':
      return payload('business_day.closed', event, {
        date: event.data.date,
        balanced: event.data.balanced,
      });
    case 'menu_updated':
      return payload('menu.updated', event, {
        itemId: event.data.itemId ?? null,
        name: event.data.name ?? null,
        available: event.data.available ?? null,
      });
    default:
      return null;
  }
}
