import { describe, expect, it } from 'vitest';
import { amountToCents, convertCents, priceIn } from '../index.js';

describe('money', () => {
  it('converts between currencies to the cent', () => {
    expect(priceIn(1250, 'eur', 'usd', 1.08)).toBe(1350);
    expect(priceIn(1350, 'usd', 'eur', 1.08)).toBe(1250);
    expect(priceIn(999, 'eur', 'eur', 1.08)).toBe(999);
    expect(convertCents(5, 1.1)).toBe(6); // 5.5 rounds half up
  });

  it('parses typed amounts to cents and rejects non-finite ones', () => {
    expect(amountToCents(12.5)).toBe(1250);
    expect(amountToCents(0.1 + 0.2)).toBe(30);
    expect(amountToCents(Number.NaN)).toBeNull();
    expect(amountToCents(Infinity)).toBeNull();
  });
});
