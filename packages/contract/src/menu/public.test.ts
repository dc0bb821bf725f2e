import { describe, expect, it } from 'vitest';
import { categoryLabel } from '../index.js';
import {
  estimateTicketMinutes,
  normalizeCategoryKey,
  placeOrderInputSchema,
  stationFor,
} from '../index.js';

describe('public ordering rules', () => {
  it('accepts singular category keys', () => {
    expect(normalizeCategoryKey('drink')).toBe('drinks');
    expect(normalizeCategoryKey('Special')).toBe('specials');
    expect(normalizeCategoryKey('food')).toBe('food');
  });

  it('labels category tabs, whatever the manager named the category', () => {
    expect(categoryLabel('food')).toBe('Food');
    expect(categoryLabel('specials')).toBe('Specials');
    expect(categoryLabel('desserts')).toBe('Desserts');
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(categoryLabel(key)).toBe(key.charAt(0).toUpperCase() + key.slice(1));
    }
  });

  it('sends drinks to the bar and food to the kitchen unless the item says otherwise', () => {
    expect(stationFor({ category: 'drinks' })).toBe('bar');
    expect(stationFor({ category: 'food' })).toBe('kitchen');
    expect(stationFor({ category: 'specials', station: 'bar' })).toBe('bar');
    expect(stationFor({ category: 'drinks', station: 'kitchen' })).toBe('kitchen');
  });

  it('estimates a ticket from its slowest item, with station defaults', () => {
    expect(estimateTicketMinutes('kitchen', [12, 25, null])).toBe(25);
    expect(estimateTicketMinutes('kitchen', [])).toBe(20);
    expect(estimateTicketMinutes('bar', [null])).toBe(5);
  });

  it('validates order lines', () => {
    const ok = placeOrderInputSchema.safeParse({
      token: 'QR-T1',
      items: [{ menuItemId: 'a', quantity: 2 }],
      currency: 'USD',
    });
    expect(ok.success && ok.data.currency).toBe('usd');
    for (const quantity of [0, -1, 100, 1.5, '2']) {
      const bad = placeOrderInputSchema.safeParse({
        token: 'QR-T1',
        items: [{ menuItemId: 'a', quantity }],
      });
      expect(bad.success).toBe(false);
    }
    expect(placeOrderInputSchema.safeParse({ token: 'QR-T1', items: [] }).success).toBe(false);
    expect(
      placeOrderInputSchema.safeParse({
        token: 'QR-T1',
        items: [{ menuItemId: 'a', quantity: 1 }],
        currency: 'GBP',
      }).success,
    ).toBe(false);
  });
});
