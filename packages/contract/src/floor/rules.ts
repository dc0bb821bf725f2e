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

/** The words a table card's badge and its Respond button use for each kind. */
export const TABLE_NOTIFICATION_LABELS: Record<TableNotificationType, string> = {
  new_table: 'New table',
  new_order: 'New order',
  call_waiter: 'Call waiter',
  payment_requested: 'Payment requested',
};

const PLURAL_LABELS: Record<TableNotificationType, (n: number) => string> = {
  new_table: (n) => `${n} new tables`,
  new_order: (n) => `${n} new orders`,
  call_waiter: (n) => `${n} waiter calls`,
  payment_requested: (n) => `${n} payment requests`,
};

/** One badge per kind: its label alone for one, with the count for more ('2 new orders'). */
export function tableNotificationLabel(type: TableNotificationType, count: number): string {
  return count > 1 ? PLURAL_LABELS[type](count) : TABLE_NOTIFICATION_LABELS[type];
}

/**
 * A new order is news until a waiter acknowledges it or its tickets are ready (then the ready
 * order itself is what the waiter acts on, with Mark Served): the statuses in which an
 * unacknowledged order still counts as a table's new order.
 */
export function countsAsNewOrder(order: { status: string; acknowledged: boolean }): boolean {
  return !order.acknowledged && (order.status === 'new' || order.status === 'preparing');
}

/**
 * A call unanswered this long is shown as "still waiting?" on the floor, where managers see it
 * beside the waiters: by then the guests are no longer sure anyone heard them.
 */
export const CALL_STILL_WAITING_MINUTES = 5;

export function callStillWaiting(createdAt: string, now: Date): boolean {
  return now.getTime() - new Date(createdAt).getTime() >= CALL_STILL_WAITING_MINUTES * 60_000;
}
