/**
 * Product-wide names and constants. The domain's closed vocabularies (statuses, stations, payment
 * methods) live in their domain's folder, spelled once: the database columns, the API schemas and
 * the screens all take them from there.
 */

export const PRODUCT_NAME = 'Tavola';

export const STORAGE_PREFIX = 'tavola_';

export const SESSION_STORAGE_KEY = `${STORAGE_PREFIX}session`;

export const NOTIFICATIONS_ENABLED_KEY = `${STORAGE_PREFIX}notifications_enabled`;

/** A table's cart on the guest's phone, until the order is placed: this prefix + the table's code. */
export const CART_STORAGE_PREFIX = `${STORAGE_PREFIX}cart_`;

export const CURRENCIES = ['eur', 'usd'] as const;

export type Currency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: Currency = 'eur';

export const STATION_CLOCK_TICK_MS = 60_000;

export const NOTIFICATION_LIST_CAP = 50;

export const NOTIFICATION_DROPDOWN_SIZE = 10;

export const DEMO_EVENT_DELAYS_MS = [3000, 8000, 12000, 18000] as const;

export const DEMO_CUSTOMER_COUNT = 1;
