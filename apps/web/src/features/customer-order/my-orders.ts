import { STORAGE_PREFIX } from '@tavola/contract';

/**
 * The orders placed from this phone at a table, so "Pay my items" can preselect their lines.
 * Kept per table token beside the running bill; only ids, nothing personal.
 */
const key = (token: string) => `${STORAGE_PREFIX}${token}:mine`;

export function loadMyOrders(token: string): string[] {
  try {
    const raw = JSON.parse(localStorage.getItem(key(token)) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberMyOrder(token: string, orderId: string): void {
  try {
    const list = loadMyOrders(token).filter((id) => id !== orderId);
    // The last few dozen are plenty for one visit.
    localStorage.setItem(key(token), JSON.stringify([...list, orderId].slice(-50)));
  } catch {
    // Storage full or disabled: nothing is preselected.
  }
}
