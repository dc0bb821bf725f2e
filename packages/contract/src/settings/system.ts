import { refusalsEn } from '../i18n/catalogs/en.js';
import { refusalText } from '../i18n/messages.js';
import { SYSTEM_SETTING_LIMITS } from './limits.js';

/**
 * The system settings as they take effect. Pure rules: the server
 * enforces them, the admin's form and the guest page word them the same.
 */

/** What a guest reads, and the order refusal (409) says, while maintenance mode is on. */
export const ORDERING_PAUSED_MAINTENANCE = refusalsEn.ORDERING_PAUSED_MAINTENANCE;

/** What a guest reads, and the order refusal (409) says, while guest orders are turned off. */
export const ORDERING_PAUSED_GUEST_ORDERS_OFF = refusalsEn.ORDERING_PAUSED_GUEST_ORDERS_OFF;

/**
 * Why guests cannot order from their phones now, or null when they can. Maintenance mode wins:
 * it is the broader pause.
 */
export function guestOrderingPauseCode(r: {
  maintenanceMode: boolean;
  allowGuestOrders: boolean;
}): 'ORDERING_PAUSED_MAINTENANCE' | 'ORDERING_PAUSED_GUEST_ORDERS_OFF' | null {
  if (r.maintenanceMode) return 'ORDERING_PAUSED_MAINTENANCE';
  if (!r.allowGuestOrders) return 'ORDERING_PAUSED_GUEST_ORDERS_OFF';
  return null;
}

/** `guestOrderingPauseCode` in the words a guest reads. */
export function guestOrderingPause(r: {
  maintenanceMode: boolean;
  allowGuestOrders: boolean;
}): string | null {
  const code = guestOrderingPauseCode(r);
  return code && refusalsEn[code];
}

/** The refusal when a table's capacity is above the restaurant's max table capacity. */
export const tableCapacityAboveMax = (max: number) =>
  refusalText('TABLE_CAPACITY_ABOVE_MAX', { max });

/** The refusal when a party is larger than the restaurant's max table capacity. */
export const guestCountAboveMax = (max: number) => refusalText('GUEST_COUNT_ABOVE_MAX', { max });

/** The refusal when the max table capacity is lowered below a table that seats more. */
export const maxCapacityBelowTable = (tableNumber: number, capacity: number) =>
  refusalText('MAX_CAPACITY_BELOW_TABLE', { table: tableNumber, capacity });

/**
 * Whether an order still new has waited past the order timeout: it is escalated (urgent on the
 * displays, the manager told), never cancelled.
 */
export function orderTimedOut(
  createdAt: Date,
  now: Date,
  orderTimeoutMinutes: number = SYSTEM_SETTING_LIMITS.orderTimeoutMinutes.default,
): boolean {
  return now.getTime() - createdAt.getTime() >= orderTimeoutMinutes * 60_000;
}

/**
 * What the notifications switch governs: the staff screens' alerts (the bell's sound and desktop
 * notifications, e.g. an escalated order's) start enabled on a device when it is on; each person
 * can still mute their own device (`tavola_notifications_enabled`). Events and the
 * bell's list are never held back: an order is never missed because a switch was off.
 */
export const NOTIFICATIONS_SWITCH_HELP =
  "Staff screens' sounds and pop-up alerts start on for every device; each person can still mute their own.";
