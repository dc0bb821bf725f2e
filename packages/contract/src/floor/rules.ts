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
