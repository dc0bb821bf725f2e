import { CART_STORAGE_PREFIX } from '@tavola/contract';

export interface CartLine {
  id: string;
  /** Kept so a line dropped from a restored cart can be named. */
  name: string;
  quantity: number;
}

/**
 * A table's cart until its order is placed (a reload keeps it), with the idempotency key it goes
 * out with: a retry after a reload must replay the first attempt, not place a second order.
 */
export interface StoredCart {
  lines: CartLine[];
  key: string;
}

const cartKey = (token: string) => CART_STORAGE_PREFIX + token;

export function loadCart(token: string): StoredCart | null {
  try {
    const cart = JSON.parse(localStorage.getItem(cartKey(token)) ?? 'null') as StoredCart | null;
    // A cart someone edited by hand is dropped whole: its key would not match what it holds.
    const valid = cart?.lines.every(
      (l) => typeof l.id === 'string' && Number.isInteger(l.quantity) && l.quantity > 0,
    );
    return valid && cart?.lines.length && typeof cart.key === 'string' ? cart : null;
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
