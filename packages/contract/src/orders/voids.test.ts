import { describe, expect, it } from 'vitest';
import {
  billedQuantity,
  voidOrderInputSchema,
  voidOrderLineInputSchema,
  voidRefusal,
} from '../index.js';

describe('voidRefusal', () => {
  it('lets an order on an open bill be voided', () => {
    for (const status of ['new', 'preparing', 'ready', 'served'] as const) {
      expect(voidRefusal({ orderNumber: 7, status }, 'open')).toBeNull();
    }
  });

  it('never voids a paid bill', () => {
    expect(voidRefusal({ orderNumber: 7, status: 'served' }, 'closed')).toMatch(
      /#7 is on a bill that is already paid/,
    );
    expect(voidRefusal({ orderNumber: 7, status: 'paid' }, 'open')).toMatch(/already paid/);
  });

  it('refuses an order already voided', () => {
    expect(voidRefusal({ orderNumber: 7, status: 'cancelled' }, 'open')).toBe(
      'Order #7 is already voided',
    );
  });
});

describe('void inputs', () => {
  it('needs a reason, on one line', () => {
    expect(voidOrderInputSchema.safeParse({ reason: '  Guest changed their mind ' }).data).toEqual({
      reason: 'Guest changed their mind',
    });
    for (const reason of [undefined, '', '   ', 'a\nb', 'x'.repeat(201)]) {
      expect(voidOrderInputSchema.safeParse({ reason }).success).toBe(false);
    }
  });

  it('voids a whole number of a line, 1 to 99', () => {
    const ok = (quantity: unknown) =>
      voidOrderLineInputSchema.safeParse({ quantity, reason: 'Spilled' }).success;
    expect(ok(1)).toBe(true);
    expect(ok(99)).toBe(true);
    for (const q of [0, -1, 1.5, 100, '2', null]) expect(ok(q)).toBe(false);
  });

  it('counts what is still billed of a line', () => {
    expect(billedQuantity({ quantity: 5, voidedQuantity: 2 })).toBe(3);
  });
});
