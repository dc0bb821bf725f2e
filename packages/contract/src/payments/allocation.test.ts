import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dualBill, lineParts } from '../index.js';
import {
  allocateProportionally,
  nextEqualPart,
  nextPieces,
  partsBetween,
  splitEvenly,
  tipOnGoods,
} from './allocation.js';

const cents = fc.integer({ min: 0, max: 50_000_000 });
const rates = fc.record({
  taxRateBps: fc.integer({ min: 0, max: 3000 }),
  serviceChargeBps: fc.integer({ min: 0, max: 2500 }),
  pricesIncludeTax: fc.boolean(),
});

describe('splitting money exactly', () => {
  it('splits any amount into N pieces that add up to it, each within a cent of the others, the extra cents first', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 64 }), (total, parts) => {
        const pieces = splitEvenly(total, parts);
        expect(pieces).toHaveLength(parts);
        expect(pieces.reduce((s, p) => s + p, 0)).toBe(total);
        expect(Math.max(...pieces) - Math.min(...pieces)).toBeLessThanOrEqual(1);
        expect([...pieces].sort((a, b) => b - a)).toEqual(pieces);
      }),
    );
    expect(splitEvenly(1000, 3)).toEqual([334, 333, 333]);
  });

  it('pays the shares of one item in turn, whoever pays how many: they add up to the item exactly', () => {
    fc.assert(
      fc.property(
        cents,
        fc.integer({ min: 1, max: 12 }),
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 20 }),
        (total, shares, takes) => {
          let paid = 0;
          for (const count of takes) {
            const amount = nextPieces(total, shares, count, paid);
            expect(amount).toBeGreaterThanOrEqual(0);
            paid += amount;
            expect(paid).toBeLessThanOrEqual(total);
          }
          // Whoever is left pays the rest in one go: never more than the item.
          paid += nextPieces(total, shares, shares, paid);
          expect(paid).toBe(total);
        },
      ),
    );
    // A 25.00 bottle shared by 3: 8.34, then 8.33 and 8.33.
    expect(nextPieces(2500, 3, 1, 0)).toBe(834);
    expect(nextPieces(2500, 3, 1, 834)).toBe(833);
    expect(nextPieces(2500, 3, 1, 1667)).toBe(833);
    expect(nextPieces(2500, 3, 1, 2500)).toBe(0);
    // Two of a line of three beers at 5.00 each.
    expect(nextPieces(1500, 3, 2, 0)).toBe(1000);
  });

  it('lays an amount over the lines in proportion to what each owes, exactly, never above a line', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (remaining, share) => {
          const owed = remaining.reduce((s, r) => s + r, 0);
          const amount = Math.floor(owed * share);
          const laid = allocateProportionally(amount, remaining);
          expect(laid.reduce((s, x) => s + x, 0)).toBe(amount);
          laid.forEach((x, i) => {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(remaining[i]!);
          });
          expect(allocateProportionally(owed, remaining)).toEqual(remaining);
        },
      ),
    );
    expect(() => allocateProportionally(101, [50, 50])).toThrow(RangeError);
  });

  it('splits what remains equally among N, one part at a time, to the cent', () => {
    fc.assert(
      fc.property(cents, fc.integer({ min: 1, max: 20 }), (remaining, parts) => {
        let left = remaining;
        const paid: number[] = [];
        for (let k = 0; k < parts; k++) {
          const part = nextEqualPart(left, parts, k);
          paid.push(part);
          left -= part;
        }
        expect(left).toBe(0);
        expect(Math.max(...paid) - Math.min(...paid)).toBeLessThanOrEqual(1);
        expect(nextEqualPart(left, parts, parts)).toBe(0);
      }),
    );
    expect([
      nextEqualPart(10000, 3, 0),
      nextEqualPart(6666, 3, 1),
      nextEqualPart(3333, 3, 2),
    ]).toEqual([3334, 3333, 3333]);
  });
});

describe('tax, service charge and tips on the right lines', () => {
  it('gives the stretches of a line, however it was paid, exactly the line’s tax and service charge', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        rates,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 10 }),
        (menuCents, r, cuts) => {
          const line = lineParts(menuCents, r);
          const points = [
            ...new Set([0, ...cuts.map((c) => Math.floor(c * line.total)), line.total]),
          ].sort((a, b) => a - b);
          const sum = { net: 0, service: 0, tax: 0, total: 0 };
          for (let i = 1; i < points.length; i++) {
            const p = partsBetween(line, points[i - 1]!, points[i]!);
            expect(p.net + p.service + p.tax).toBe(p.total);
            expect(p.tax).toBeGreaterThanOrEqual(0);
            expect(p.service).toBeGreaterThanOrEqual(0);
            sum.net += p.net;
            sum.service += p.service;
            sum.tax += p.tax;
            sum.total += p.total;
          }
          expect(sum).toEqual(line);
        },
      ),
    );
  });

  it('splits any bill in both currencies into N parts that sum to each currency’s total', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            unitCents: fc.integer({ min: 1, max: 100_000 }),
            quantity: fc.integer({ min: 1, max: 9 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.constantFrom('eur' as const, 'usd' as const),
        fc.double({ min: 0.5, max: 2, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        (lines, base, rate, parts) => {
          const bill = dualBill([lines], base, rate);
          for (const currency of ['eur', 'usd'] as const) {
            const total = bill.total[currency];
            expect(splitEvenly(total, parts).reduce((s, p) => s + p, 0)).toBe(total);
            const perLine = bill.orders[0]!.lines.map((l) => l.charged[currency]);
            const first = allocateProportionally(splitEvenly(total, parts)[0]!, perLine);
            expect(first.reduce((s, x) => s + x, 0)).toBe(splitEvenly(total, parts)[0]);
          }
        },
      ),
    );
  });

  it('tips on the goods and never on the tax', () => {
    const line = lineParts(1000, {
      taxRateBps: 1000,
      serviceChargeBps: 0,
      pricesIncludeTax: false,
    });
    expect(line).toEqual({ net: 1000, service: 0, tax: 100, total: 1100 });
    expect(tipOnGoods(line, 1000)).toBe(100);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        rates,
        fc.integer({ min: 0, max: 5000 }),
        (c, r, bps) => {
          const parts = lineParts(c, r);
          const tip = tipOnGoods(parts, bps);
          expect(tip).toBe(Math.round(((parts.total - parts.tax) * bps) / 10_000));
        },
      ),
    );
  });
});
