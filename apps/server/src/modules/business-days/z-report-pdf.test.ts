import { describe, expect, it } from 'vitest';
import { voidsLabel } from './z-report-pdf.js';

describe("the Z report PDF's voids line", () => {
  it('counts items and whole orders in words that agree with their numbers', () => {
    expect(voidsLabel({ items: 1, wholeOrders: 0 })).toBe('Voids (1 item, 0 whole orders)');
    expect(voidsLabel({ items: 3, wholeOrders: 1 })).toBe('Voids (3 items, 1 whole order)');
  });
});
