import type { TicketStatus } from '../tickets/status.js';

export const ORDER_STATUSES = ['new', 'preparing', 'ready', 'served', 'paid', 'cancelled'] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Order lines and quantities a guest may send in one order. */
export const ORDER_MAX_LINES = 100;

export const ORDER_MAX_QUANTITY = 99;

/**
 * The most one guest order may cost (50,000.00 in the restaurant's currency), and the most a
 * table's open bill may reach (200,000.00) before staff settle it: a phone cannot run up a bill
 * no restaurant would serve.
 */
export const ORDER_MAX_TOTAL_CENTS = 5_000_000;

/** An order's status follows its tickets: all served → served; all ready or served → ready. */
export function orderStatusFromTickets(statuses: readonly TicketStatus[]): OrderStatus {
  if (statuses.length === 0) return 'new';
  if (statuses.every((s) => s === 'served')) return 'served';
  if (statuses.every((s) => s === 'ready' || s === 'served')) return 'ready';
  if (statuses.every((s) => s === 'new')) return 'new';
  return 'preparing';
}

/** The waiter's rules: Mark Served only when ready; Mark Paid only when served. */
export function canMarkServed(status: OrderStatus): boolean {
  return status === 'ready';
}

export function canMarkPaid(orderStatuses: readonly OrderStatus[]): boolean {
  return (
    orderStatuses.length > 0 &&
    orderStatuses.every((s) => s === 'served' || s === 'paid' || s === 'cancelled')
  );
}
