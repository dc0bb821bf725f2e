import { CART_STORAGE_PREFIX, isLineKey } from '@tavola/contract';
import { isPicks, type Picks } from '@/components/options/picks';
import { newOrderKey } from '@/lib/order-keys';

/**
 * One line of the cart: one menu item with its options and notes, under a key of its own. The
 * cart is keyed by line, not by menu item: the same item with other options or notes is another
 * line, and the order sends each line with its key.
 */
export interface CartLine {
  key: string;
  /** The menu item. */
  id: string;
  /** Kept so a line dropped from a restored cart can be named. */
  name: string;
  quantity: number;
  notes?: string;
  /** The options chosen for it (an item with option groups); sent as the line's `options`. */
  options?: Picks;
}

/**
 * A table's cart until its order is placed (a reload keeps it), with the idempotency key it goes
 * out with: a retry after a reload must replay the first attempt, not place a second order.
 */
export interface StoredCart {
  lines: CartLine[];
  key: string;
  /**
   * Set on a cart stored before lines had keys: its lines get keys when it is read, but until the
   * cart changes its order goes out as it was first sent (without them), so a retry after an
   * update still replays the first attempt.
   */
  keyless?: boolean;
}

const cartKey = (token: string) => CART_STORAGE_PREFIX + token;

/** A new cart line's key: short, and one the server accepts. */
export const newLineKey = newOrderKey;

type StoredLine = Partial<Record<keyof CartLine, unknown>>;

export function loadCart(token: string): StoredCart | null {
  try {
    const cart = JSON.parse(localStorage.getItem(cartKey(token)) ?? 'null') as {
      lines?: StoredLine[];
      key?: unknown;
      keyless?: unknown;
    } | null;
    if (!Array.isArray(cart?.lines) || !cart.lines.length || typeof cart.key !== 'string') {
      return null;
    }
    // A cart someone edited by hand is dropped whole: its key would not match what it holds.
    const valid = cart.lines.every(
      (l) =>
        typeof l.id === 'string' &&
        Number.isInteger(l.quantity) &&
        (l.quantity as number) > 0 &&
        (l.key === undefined || isLineKey(l.key)) &&
        (l.notes === undefined || typeof l.notes === 'string') &&
        (l.options === undefined || isPicks(l.options)),
    );
    if (!valid) return null;
    const keyless = cart.keyless === true || cart.lines.every((l) => l.key === undefined);
    if (cart.lines.some((l) => l.key === undefined) && !keyless) return null;
    const lines = cart.lines.map((l): CartLine => ({
      key: typeof l.key === 'string' ? l.key : newLineKey(),
      id: l.id as string,
      name: typeof l.name === 'string' ? l.name : '',
      quantity: l.quantity as number,
      ...(typeof l.notes === 'string' && l.notes ? { notes: l.notes } : {}),
      ...(isPicks(l.options) ? { options: l.options } : {}),
    }));
    if (new Set(lines.map((l) => l.key)).size !== lines.length) return null;
    return { lines, key: cart.key, ...(keyless ? { keyless } : {}) };
  } catch {
    return null;
  }
}

export function saveCart(token: string, cart: StoredCart): void {
  try {
    if (cart.lines.length) localStorage.setItem(cartKey(token), JSON.stringify(cart));
    else localStorage.removeItem(cartKey(token));
  } catch {
    // Storage full or disabled: the cart lives until the page closes.
  }
}
