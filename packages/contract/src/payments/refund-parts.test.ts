import { describe, expect, it } from 'vitest';
import { type ChargeRates, lineParts, sumParts } from '../dining-sessions/charges.js';
import { type RateParts, refundParts } from './refund-parts.js';

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** A bill of random lines at one to three tax rates, each line split by the bill rule. */
function randomBill(rand: () => number): RateParts[] {
  const rates = [0, 500, 1000, 2200].filter(() => rand() < 0.6);
  if (rates.length === 0) rates.push(1000);
  return rates.map((taxRateBps) => {
    const charges: ChargeRates = {
      taxRateBps,
      serviceChargeBps: [0, 1000, 1250][Math.floor(rand() * 3)]!,
      pricesIncludeTax: rand() < 0.5,
    };
    const lines = Array.from({ length: 1 + Math.floor(rand() * 5) }, () =>
      lineParts((1 + Math.floor(rand() * 3000)) * (1 + Math.floor(rand() * 3)), charges),
    );
    return { taxRateBps, ...sumParts(lines) };
  });
}

const totalOf = (parts: readonly RateParts[]) => parts.reduce((s, r) => s + r.total, 0);

/** Random cuts of `total` into pieces of at least a cent. */
function pieces(rand: () => number, total: number): number[] {
  const out: number[] = [];
  let left = total;
  while (left > 0) {
    const piece = Math.min(left, 1 + Math.floor(rand() * Math.max(1, total / 2)));
    out.push(piece);
    left -= piece;
  }
  return out;
}

describe('refundParts', () => {
  it('splits a refund as the sale was split, to the cent', () => {
    // €20.00 of food at 10% tax added with a 12.5% service charge: net 20.00, service 2.50,
    // tax 2.25, total 24.75. Half of it given back: 12.38 (rounded where the parts meet).
    const bill: RateParts[] = [
      { taxRateBps: 1000, net: 2000, service: 250, tax: 225, total: 2475 },
    ];
    // Cumulative: net round(2000 × 1238 / 2475) = 1000; service round(2250 × …) = 1125 − 1000;
    // tax 1238 − 1125.
    expect(refundParts(bill, [], 1238)).toEqual([
      { taxRateBps: 1000, net: 1000, service: 125, tax: 113, total: 1238 },
    ]);
    // The rest gives back exactly what is left.
    expect(refundParts(bill, [1238], 1237)).toEqual([
      { taxRateBps: 1000, net: 1000, service: 125, tax: 112, total: 1237 },
    ]);
  });

  it('takes each rate its share, lowest rate first', () => {
    const bill: RateParts[] = [
      { taxRateBps: 2200, net: 820, service: 0, tax: 180, total: 1000 },
      { taxRateBps: 1000, net: 1000, service: 0, tax: 100, total: 1100 },
    ];
    // 10.50 of 21.00: half of each.
    expect(refundParts(bill, [], 1050)).toEqual([
      { taxRateBps: 1000, net: 500, service: 0, tax: 50, total: 550 },
      { taxRateBps: 2200, net: 410, service: 0, tax: 90, total: 500 },
    ]);
  });

  it('adds up to the refund, never gives back more of a part than is left, and a bill refunded in any pieces gives back exactly its parts', () => {
    const rand = random(23);
    for (let run = 0; run < 400; run++) {
      const bill = randomBill(rand);
      const cuts = pieces(rand, totalOf(bill));
      const given: RateParts[][] = [];
      for (let i = 0; i < cuts.length; i++) {
        const parts = refundParts(bill, cuts.slice(0, i), cuts[i]!);
        expect(totalOf(parts)).toBe(cuts[i]);
        for (const p of parts) {
          expect(p.net + p.service + p.tax).toBe(p.total);
          for (const k of ['net', 'service', 'tax'] as const) {
            const sold = bill.find((b) => b.taxRateBps === p.taxRateBps)![k];
            const before = given.reduce(
              (s, g) => s + g.find((x) => x.taxRateBps === p.taxRateBps)![k],
              0,
            );
            expect(p[k]).toBeGreaterThanOrEqual(0);
            expect(p[k]).toBeLessThanOrEqual(sold - before);
          }
        }
        given.push(parts);
      }
      for (const sold of bill) {
        const back = given.map((g) => g.find((x) => x.taxRateBps === sold.taxRateBps)!);
        expect(sumParts(back), `rate ${sold.taxRateBps}`).toEqual({
          net: sold.net,
          service: sold.service,
          tax: sold.tax,
          total: sold.total,
        });
      }
    }
  });

  it('refuses to split more than is left of the bill', () => {
    const bill: RateParts[] = [{ taxRateBps: 0, net: 500, service: 0, tax: 0, total: 500 }];
    expect(() => refundParts(bill, [300], 201)).toThrow(/cannot be split/);
    expect(refundParts(bill, [300], 0)).toEqual([
      { taxRateBps: 0, net: 0, service: 0, tax: 0, total: 0 },
    ]);
  });
});
