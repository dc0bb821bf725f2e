import { countsAsNewOrder } from '@tavola/contract';
import type { LiveEvent, NotifiedEvent } from './events';

/**
 * Whether `event` settles what the notification `notified` asked for, so the bell stops counting
 * it: a call or bill request answered, a seated table claimed, a new order acknowledged or
 * served, a ticket picked up, a ready order served, the table paid, an urgent order lowered.
 * Notifications that only inform (a payment, a menu change, a staff message) are never settled.
 */
export function isAnsweredBy(notified: NotifiedEvent, event: LiveEvent): boolean {
  // A tab's events name no table: they answer only what names the same tab.
  const sameTable = (tableId: string | null) =>
    tableId !== null && 'tableId' in notified.data && notified.data.tableId === tableId;
  // A paid table has nothing left open.
  if (event.type === 'payment_completed') {
    return notified.type !== 'payment_completed' && sameTable(event.data.tableId);
  }
  const responded = (kind: string, refId: string | null) =>
    event.type === 'table_updated' &&
    sameTable(event.data.tableId) &&
    event.data.responded === kind &&
    (event.data.refId === undefined || refId === null || event.data.refId === refId);

  switch (notified.type) {
    case 'call_waiter':
      return responded('call_waiter', notified.data.requestId);
    case 'payment_requested':
      return responded('payment_requested', notified.data.requestId);
    case 'table_activated':
      return (
        responded('new_table', null) ||
        (event.type === 'table_updated' &&
          sameTable(event.data.tableId) &&
          Boolean(event.data.assignedWaiterId))
      );
    case 'order_placed':
      return (
        responded('new_order', notified.data.orderId) ||
        (event.type === 'order_updated' &&
          event.data.orderId === notified.data.orderId &&
          !countsAsNewOrder({ status: event.data.status, acknowledged: false })) ||
        (event.type === 'order_voided' &&
          event.data.orderId === notified.data.orderId &&
          event.data.whole)
      );
    case 'kitchen_order':
    case 'bar_order':
      return (
        (event.type === 'kitchen_ticket_updated' || event.type === 'bar_ticket_updated') &&
        event.data.ticketId === notified.data.ticketId
      );
    case 'order_ready':
      return (
        event.type === 'order_updated' &&
        event.data.orderId === notified.data.orderId &&
        event.data.status !== 'ready'
      );
    case 'priority_changed':
      return (
        event.type === 'priority_changed' &&
        event.data.orderId === notified.data.orderId &&
        event.data.priority !== 'urgent'
      );
    default:
      return false;
  }
}
