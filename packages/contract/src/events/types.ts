import type { Role } from '../auth/roles.js';
import type { EventDataOf } from './data.js';

export const EVENT_TYPES = [
  'table_activated',
  'call_waiter',
  'payment_requested',
  'order_placed',
  'kitchen_order',
  'bar_order',
  'staff_notification',
  'menu_updated',
  'user_joined',
  // Tavola's own sync events, so every screen showing the same state updates live.
  'payment_completed',
  'payment_refunded',
  'bill_part_paid',
  'table_updated',
  'order_updated',
  'order_ready',
  'kitchen_ticket_updated',
  'bar_ticket_updated',
  'order_voided',
  'bill_discounted',
  'table_closed',
  'table_reassigned',
  'priority_changed',
  'review_left',
  'backup_updated',
  'business_day_closed',
  'business_day_reopened',
  'audit_logged',
  'support_ticket_updated',
  'staff_updated',
  'report_recipients_named',
  'tab_opened',
  'tab_closed',
  // A station the manager added: its new and moved tickets, the station as data.
  'station_order',
  'station_ticket_updated',
  'stations_updated',
  'webhook_endpoint_disabled',
  'course_fired',
  'courses_updated',
  // Printers (docs/decisions/0016-printers.md): a status change is the alert the screens show.
  'printer_status_changed',
  'print_job_rerouted',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** What every stored event carries besides its type and data. */
export interface EventEnvelope {
  /** Numbered per restaurant, in commit order, for resume. */
  seq: number;
  timestamp: string;
  userId: string | null;
  restaurantId: string;
  tableId: string | null;
}

/**
 * An event as stored and delivered: one discriminated union over the event types, each with the
 * data its schema in `event-data.ts` describes. Narrow on `type` to read `data` without guessing.
 */
export type DomainEvent = {
  [K in EventType]: EventEnvelope & { type: K; data: EventDataOf[K] };
}[EventType];

/** One event type's stored event. */
export type DomainEventOf<K extends EventType> = Extract<DomainEvent, { type: K }>;

/** Who receives each event type. Anything not listed reaches nobody. */
export const EVENT_VISIBILITY: Record<EventType, readonly Role[]> = {
  table_activated: ['waiter', 'manager', 'admin'],
  call_waiter: ['waiter', 'manager', 'admin'],
  payment_requested: ['waiter', 'manager', 'admin'],
  kitchen_order: ['kitchen', 'manager', 'admin'],
  bar_order: ['bar', 'manager', 'admin'],
  order_placed: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  staff_notification: ['waiter', 'kitchen', 'bar', 'manager', 'admin', 'team'],
  // The prototype sent it to waiter, kitchen and bar; the manager's menu list reloads on a live
  // menu_updated too, which needs the event: a second manager's list follows the first's changes.
  menu_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // A prototype type the server never stores: it reaches nobody.
  user_joined: [],
  // Beyond the prototype's notification types, the state changes
  // the live dashboards need; each still goes only to the roles whose screens show it.
  payment_completed: ['waiter', 'manager', 'admin'],
  // Money given back from a captured payment (End of Day): the managers' day figures follow it.
  payment_refunded: ['manager', 'admin'],
  // Part of a bill was paid (at the table or by a waiter): what remains, on the floor and on
  // every guest phone at that table (the event carries the table).
  bill_part_paid: ['waiter', 'manager', 'admin'],
  // Kitchen and bar show each ticket's waiter, so they hear when a table is claimed.
  table_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  order_updated: ['waiter', 'manager', 'admin'],
  order_ready: ['waiter', 'manager', 'admin'],
  kitchen_ticket_updated: ['kitchen', 'manager', 'admin'],
  bar_ticket_updated: ['bar', 'manager', 'admin'],
  // A void changes an order every screen showing orders holds (and the table's bill: the
  // event carries the table, so that table's guest page hears it too).
  order_voided: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // A discount or comp was given or taken back: the bill changed (the floor, the reports; and the
  // table's guest page, as the event carries the table). The stations make the same things.
  bill_discounted: ['waiter', 'bar', 'manager', 'admin'],
  // A table's session ended without a payment (idle, or closed by staff): the floor, the Tables
  // tab and the overview free the table (and the table's guest page hears it: it carries the table).
  table_closed: ['waiter', 'manager', 'admin'],
  // A table changed hands; kitchen and bar show each ticket's waiter, as for a claim.
  table_reassigned: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // Set by a table's waiter or a manager; the stations sort and announce by it.
  priority_changed: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // A guest's review of their visit reaches the manager's Analytics tab.
  review_left: ['manager', 'admin'],
  // A backup started, finished, failed or was removed: the admin's Backup tab follows it.
  backup_updated: ['admin'],
  // A manager closed or reopened a business day: the Z report screens follow.
  business_day_closed: ['manager', 'admin'],
  business_day_reopened: ['manager', 'admin'],
  // A change wrote the audit log: the admin's Audit Logs tab refreshes.
  audit_logged: ['admin'],
  // A support ticket of the restaurant was opened, answered by the team or moved: the
  // Help dialog of the admin and the manager follows it.
  support_ticket_updated: ['manager', 'admin'],
  // A staff account was created or changed (its status, role, name, shift or granted
  // permissions): the manager's Staff tab and the admin's Managers list follow it, and so do the
  // staff counts beside them. The account's own screens hear it too (the hub adds them), so a
  // waiter granted a permission sees its actions appear.
  staff_updated: ['manager', 'admin'],
  // A report schedule was saved naming these addresses: for the server's own consumer, which
  // asks the pending ones to confirm. No screen receives it.
  report_recipients_named: [],
  // A bar tab, counter order or takeaway was opened: the waiters', bar's and managers' tab lists.
  tab_opened: ['waiter', 'bar', 'manager', 'admin'],
  // A tab with nothing left to pay (opened by mistake, its orders voided) was closed by staff.
  tab_closed: ['waiter', 'bar', 'manager', 'admin'],
  // An added station is worked by the kitchen's or the bar's staff (its kind); both hear it and
  // each display keeps its own station's tickets.
  station_order: ['kitchen', 'bar', 'manager', 'admin'],
  station_ticket_updated: ['kitchen', 'bar', 'manager', 'admin'],
  // A station was added, changed or deactivated: the displays' and the menu's station lists.
  stations_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  webhook_endpoint_disabled: ['manager', 'admin'],
  // A held course was fired: its stations' displays show it live, the expo and the waiter's
  // order screen drop its Fire button.
  course_fired: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // The manager renamed, added or reordered courses: the order screens and displays name them.
  courses_updated: ['waiter', 'kitchen', 'bar', 'manager', 'admin'],
  // A printer went offline, ran out of paper, had its cover opened, or came back: the manager's
  // printers screen and the displays of the stations it prints for (each keeps its own).
  printer_status_changed: ['kitchen', 'bar', 'manager', 'admin'],
  // A job left a failing printer for its station's backup: the same screens say where it went.
  print_job_rerouted: ['kitchen', 'bar', 'manager', 'admin'],
};

export function isEventType(type: string): type is EventType {
  return (EVENT_TYPES as readonly string[]).includes(type);
}

export function canReceiveEvent(role: Role, type: string): boolean {
  return isEventType(type) && EVENT_VISIBILITY[type].includes(role);
}

/** What a client may send on the socket (the event fields plus timestamp, userId, restaurantId). */
export interface ClientMessage {
  type: string;
  data?: Record<string, unknown>;
  timestamp?: string;
  userId?: string;
  restaurantId?: string;
}

/** What the server sends: a stored event with its number, or a control message. */
export interface ServerEventMessage {
  type: string;
  data: Record<string, unknown>;
  timestamp: string;
  userId: string | null;
  restaurantId: string;
  seq: number;
}

/** A guest's page receives its own table's events and menu changes, nothing else. */
export function guestCanReceive(event: Pick<DomainEvent, 'type' | 'tableId'>, tableId: string) {
  return event.type === 'menu_updated' || event.tableId === tableId;
}

/** Close codes the server uses, with their reasons. */
export const WS_CLOSE = {
  unauthorized: 4401,
  forbidden: 4403,
  badRequest: 4400,
  notFound: 4404,
  tooSlow: 1013,
} as const;
