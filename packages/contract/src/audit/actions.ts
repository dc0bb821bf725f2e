/**
 * Every action the audit log records, spelled once. The server's one audit writer accepts only
 * these, so a new kind of change is added here first (and shows up in the admin's audit log).
 */
export const AUDIT_ACTIONS = [
  'auth.login',
  'auth.logout',
  'auth.session_revoked',
  'auth.two_factor_enabled',
  'auth.two_factor_disabled',
  // Guests' changes (no account: the entry says "by: guest").
  'dining_session.opened',
  'order.placed',
  'request.call_waiter',
  'request.payment',
  'review.left',
  // A staff screen's message to every staff screen.
  'staff.notified',
  'staff.created',
  'staff.updated',
  'menu.created',
  'menu.updated',
  'menu.toggled',
  'menu.special_on',
  'menu.special_off',
  'menu.deleted',
  'table.created',
  'table.updated',
  'table.deleted',
  'table.qr_rotated',
  'table.claim',
  'table.respond.new_table',
  'table.respond.new_order',
  'table.respond.call_waiter',
  'table.respond.payment_requested',
  'table.closed',
  'table.reassigned',
  'table.handed_over',
  'dining_session.idle_closed',
  'ticket.start',
  'ticket.ready',
  'ticket.back',
  'ticket.served',
  'ticket.recall',
  'ticket.priority',
  'order.served',
  'order.void',
  'order.void_line',
  'order.priority',
  'payment.recorded',
  'business_day.closed',
  'business_day.reopened',
  'restaurant.settings',
  'backup.created',
  'backup.downloaded',
  'backup.deleted',
  'backup.settings',
  'data.exported',
  'restaurant.created',
  'restaurant.signed_up',
  'restaurant.suspended',
  'restaurant.activated',
  'restaurant.status',
  'restaurant.plan_changed',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an audit entry is about. */
export const AUDIT_ENTITY_TYPES = [
  'user',
  'menu_item',
  'table',
  'ticket',
  'order',
  'dining_session',
  'restaurant',
  'backup',
  'business_day',
  'request',
  'review',
] as const;

export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];
