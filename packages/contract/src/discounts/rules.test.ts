import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDualParts,
  allocateDiscounts,
  discountedBill,
  discountIn,
  discountLimitRefusal,
  dualLine,
  dualOrderParts,
  lineParts,
  mulDivRound,
  orderParts,
  shareByLargestRemainder,
  ZERO_DUAL_PARTS,
  type BillParts,
  type ChargeRates,
  type DiscountAsk,
  type DualParts,
} from '../index.js';

const rates: fc.Arbitrary<ChargeRates> = fc.record({
  taxRateBps: fc.oneof(fc.constantFrom(0, 850, 1000, 2000, 2200), fc.nat(5_000)),
  serviceChargeBps: fc.oneof(fc.constantFrom(0, 1000, 1250, 1500), fc.nat(3_000)),
  pricesIncludeTax: fc.boolean(),
});
const currency = fc.constantFrom('eur' as const, 'usd' as const);
const exchangeRate = fc.oneof(
  fc.constantFrom(1, 1.08, 0.93),
  fc.double({ min: 0.01, max: 100, noNaN: true }),
);

/** A bill: lines (each with its order's rates) and discounts on them, as staff could give them. */
const bill = fc
  .record({
    lines: fc.array(
      fc.record({
        unitCents: fc.integer({ min: 0, max: 200_000 }),
        quantity: fc.integer({ min: 1, max: 12 }),
        rates,
      }),
      { minLength: 1, maxLength: 8 },
    ),
    asks: fc.array(
      fc.record({
        scope: fc.constantFrom('line' as const, 'bill' as const),
        kind: fc.constantFrom('percent' as const, 'amount' as const, 'comp' as const),
        percentBps: fc.integer({ min: 1, max: 10_000 }),
        amountCents: fc.integer({ min: 1, max: 500_000 }),
        line: fc.nat(),
      }),
      { maxLength: 6 },
    ),
  })
  .map(({ lines, asks }) => {
    const billed = lines.map((l, i) => ({ id: `l${i}`, ...l }));
    const discounts: DiscountAsk[] = asks.map((a, i) => {
      // A comp is always on one line.
      const scope = a.kind === 'comp' ? 'line' : a.scope;
      return {
        id: `d${i}`,
        scope,
        kind: a.kind,
        percentBps: a.kind === 'percent' ? a.percentBps : null,
        amountCents: a.kind === 'amount' ? a.amountCents : null,
        lineIds: scope === 'line' ? [billed[a.line % billed.length]!.id] : billed.map((l) => l.id),
      };
    });
    return { lines: billed, discounts };
  });

const nonNegative = (p: BillParts) => {
  for (const v of Object.values(p)) {
    expect(Number.isSafeInteger(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(0);
  }
  expect(p.net + p.service + p.tax).toBe(p.total);
};

const minus = (a: DualParts, b: DualParts): DualParts => ({
  eur: {
    net: a.eur.net - b.eur.net,
    service: a.eur.service - b.eur.service,
    tax: a.eur.tax - b.eur.tax,
    total: a.eur.total - b.eur.total,
  },
  usd: {
    net: a.usd.net - b.usd.net,
    service: a.usd.service - b.usd.service,
    tax: a.usd.tax - b.usd.tax,
    total: a.usd.total - b.usd.total,
  },
});

describe('shareByLargestRemainder', () => {
  it('shares an amount exactly, each share within its weight', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 10 }),
        fc.nat(20_000_000),
        (weights, asked) => {
          const sum = weights.reduce((s, w) => s + w, 0);
          const amount = Math.min(asked, sum);
          const shares = shareByLargestRemainder(amount, weights);
          expect(shares.reduce((s, x) => s + x, 0)).toBe(sum === 0 ? 0 : amount);
          shares.forEach((x, i) => {
            expect(Number.isInteger(x)).toBe(true);
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(weights[i]!);
          });
        },
      ),
    );
  });

  it('gives the odd cent to the largest remainder, the earlier line on a tie', () => {
    expect(shareByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareByLargestRemainder(10, [300, 700])).toEqual([3, 7]);
    expect(shareByLargestRemainder(5, [2, 3, 5])).toEqual([1, 2, 2]);
  });
});

describe('allocateDiscounts', () => {
  it('never takes more off a line than it charges, and an amount on the bill exactly (up to the bill)', () => {
    fc.assert(
      fc.property(bill, ({ lines, discounts }) => {
        const cents = lines.map((l) => ({ id: l.id, cents: l.unitCents * l.quantity }));
        const allocations = allocateDiscounts(cents, discounts);
        for (const l of cents) {
          const taken = allocations
            .filter((a) => a.lineId === l.id)
            .reduce((s, a) => s + a.cents, 0);
          expect(taken).toBeLessThanOrEqual(l.cents);
        }
        for (const a of allocations) {
          expect(Number.isInteger(a.cents)).toBe(true);
          expect(a.cents).toBeGreaterThanOrEqual(0);
        }
        // Line discounts apply before bill discounts, each kind in the order given.
        const order = allocations.map((a) => a.discountId);
        const firstBill = order.findIndex(
          (id) => discounts.find((d) => d.id === id)!.scope === 'bill',
        );
        if (firstBill >= 0) {
          expect(
            order
              .slice(firstBill)
              .every((id) => discounts.find((d) => d.id === id)!.scope === 'bill'),
          ).toBe(true);
        }
      }),
    );
  });

  it('applies line discounts, then the bill discounts on what is left', () => {
    const lines = [
      { id: 'a', cents: 1000 },
      { id: 'b', cents: 3000 },
      { id: 'c', cents: 333 },
    ];
    const allocations = allocateDiscounts(lines, [
      {
        id: 'bill10',
        scope: 'bill',
        kind: 'percent',
        percentBps: 1000,
        amountCents: null,
        lineIds: ['a', 'b', 'c'],
      },
      {
        id: 'compC',
        scope: 'line',
        kind: 'comp',
        percentBps: null,
        amountCents: null,
        lineIds: ['c'],
      },
      {
        id: 'fiveOffB',
        scope: 'line',
        kind: 'amount',
        percentBps: null,
        amountCents: 500,
        lineIds: ['b'],
      },
      {
        id: 'bill7',
        scope: 'bill',
        kind: 'amount',
        percentBps: null,
        amountCents: 700,
        lineIds: ['a', 'b', 'c'],
      },
    ]);
    expect(allocations).toEqual([
      { discountId: 'compC', lineId: 'c', cents: 333 },
      { discountId: 'fiveOffB', lineId: 'b', cents: 500 },
      // 10% of what is left: 100 of a, 250 of b, nothing of the comped c.
      { discountId: 'bill10', lineId: 'a', cents: 100 },
      { discountId: 'bill10', lineId: 'b', cents: 250 },
      { discountId: 'bill10', lineId: 'c', cents: 0 },
      // 7.00 in proportion to 900 and 2250: 200 and 500.
      { discountId: 'bill7', lineId: 'a', cents: 200 },
      { discountId: 'bill7', lineId: 'b', cents: 500 },
      { discountId: 'bill7', lineId: 'c', cents: 0 },
    ]);
  });

  it('caps an amount at what is left, and skips a line no longer on the bill', () => {
    const allocations = allocateDiscounts(
      [{ id: 'a', cents: 400 }],
      [
        {
          id: 'big',
          scope: 'line',
          kind: 'amount',
          percentBps: null,
          amountCents: 1000,
          lineIds: ['a'],
        },
        {
          id: 'gone',
          scope: 'line',
          kind: 'comp',
          percentBps: null,
          amountCents: null,
          lineIds: ['x'],
        },
      ],
    );
    expect(allocations).toEqual([{ discountId: 'big', lineId: 'a', cents: 400 }]);
  });
});

describe('discountedBill: discounts with tax and service charge, in both currencies', () => {
  it('never goes negative, taxes the discounted amount, and its lines add up to the bill', () => {
    fc.assert(
      fc.property(bill, currency, exchangeRate, ({ lines, discounts }, base, rate) => {
        const allocations = allocateDiscounts(
          lines.map((l) => ({ id: l.id, cents: l.unitCents * l.quantity })),
          discounts,
        );
        const result = discountedBill(lines, allocations, base, rate);
        let sum = ZERO_DUAL_PARTS;
        let undiscounted = ZERO_DUAL_PARTS;
        for (const line of lines) {
          const out = result.lines.get(line.id)!;
          const discount = allocations
            .filter((a) => a.lineId === line.id)
            .reduce((s, a) => s + a.cents, 0);
          const gross = dualLine(line.unitCents, line.quantity, base, rate);
          expect(out.gross).toEqual(gross);
          // In the restaurant's currency the discount is exactly what was allocated.
          expect(out.discount[base]).toBe(discount);
          for (const c of ['eur', 'usd'] as const) {
            expect(out.discount[c]).toBe(discountIn(gross[c], discount, gross[base]));
            expect(out.discount[c]).toBeGreaterThanOrEqual(0);
            expect(out.discount[c]).toBeLessThanOrEqual(gross[c]);
            expect(out.charged[c]).toBe(gross[c] - out.discount[c]);
            // The tax (and the service charge) of the line are the one rule's on what is left.
            expect(out.parts[c]).toEqual(lineParts(out.charged[c], line.rates));
            nonNegative(out.parts[c]);
          }
          // The same line through the bill's own functions, given its discount.
          const input = {
            unitCents: line.unitCents,
            quantity: line.quantity,
            discountCents: discount,
          };
          expect(out.parts).toEqual(dualOrderParts([input], line.rates, base, rate));
          expect(out.parts[base]).toEqual(orderParts([input], line.rates));
          sum = addDualParts(sum, out.parts);
          undiscounted = addDualParts(undiscounted, {
            eur: lineParts(gross.eur, line.rates),
            usd: lineParts(gross.usd, line.rates),
          });
        }
        expect(result.parts).toEqual(sum);
        nonNegative(result.parts.eur);
        nonNegative(result.parts.usd);

        // Each discount's own effect: they add up to everything the discounts took off.
        let effects = ZERO_DUAL_PARTS;
        const amounts = { eur: 0, usd: 0 };
        for (const effect of result.discounts.values()) {
          effects = addDualParts(effects, effect.parts);
          amounts.eur += effect.amount.eur;
          amounts.usd += effect.amount.usd;
          expect(effect.amount.eur).toBeGreaterThanOrEqual(0);
          expect(effect.amount.usd).toBeGreaterThanOrEqual(0);
        }
        expect(effects).toEqual(minus(undiscounted, result.parts));
        for (const c of ['eur', 'usd'] as const) {
          const lineDiscounts = [...result.lines.values()].reduce((s, l) => s + l.discount[c], 0);
          expect(amounts[c]).toBe(lineDiscounts);
        }
      }),
    );
  });

  it('charges nothing for a comped line, in either currency', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 1, max: 12 }),
        rates,
        currency,
        exchangeRate,
        (unitCents, quantity, r, base, rate) => {
          const line = { id: 'x', unitCents, quantity, rates: r };
          const allocations = allocateDiscounts(
            [{ id: 'x', cents: unitCents * quantity }],
            [
              {
                id: 'c',
                scope: 'line',
                kind: 'comp',
                percentBps: null,
                amountCents: null,
                lineIds: ['x'],
              },
            ],
          );
          const out = discountedBill([line], allocations, base, rate);
          expect(out.lines.get('x')!.charged).toEqual({ eur: 0, usd: 0 });
          expect(out.parts.eur.total).toBe(0);
          expect(out.parts.usd.total).toBe(0);
        },
      ),
    );
  });

  it('charges the service charge on the discounted subtotal and the tax on the discounted amount', () => {
    // 40.00 at 10% tax added and a 12.5% service charge, 25% off: 30.00 + 3.75 service + 3.38 tax.
    const added: ChargeRates = {
      taxRateBps: 1000,
      serviceChargeBps: 1250,
      pricesIncludeTax: false,
    };
    const allocations = [{ discountId: 'd', lineId: 'x', cents: 1000 }];
    const out = discountedBill(
      [{ id: 'x', unitCents: 2000, quantity: 2, rates: added }],
      allocations,
      'eur',
      1.08,
    );
    expect(out.parts.eur).toEqual({ net: 3000, service: 375, tax: 338, total: 3713 });
    expect(out.discounts.get('d')!.parts.eur).toEqual({
      net: 1000,
      service: 125,
      tax: 112,
      total: 1237,
    });
    // In USD: the line is 21.60 × 2 = 43.20, the discount a quarter of it, 10.80.
    expect(out.lines.get('x')!.discount.usd).toBe(1080);
    expect(out.parts.usd.total).toBe(lineParts(3240, added).total);

    // 22% VAT included, no service charge: 10.00 comped of 30.00 leaves 20.00 with 3.61 VAT in it.
    const included: ChargeRates = { taxRateBps: 2200, serviceChargeBps: 0, pricesIncludeTax: true };
    const vat = discountedBill(
      [{ id: 'x', unitCents: 1000, quantity: 3, rates: included }],
      allocations,
      'eur',
      1.08,
    );
    expect(vat.parts.eur).toEqual({ net: 1639, service: 0, tax: 361, total: 2000 });
    expect(mulDivRound(2000, 2200, 12_200)).toBe(361);
  });
});

describe('discountLimitRefusal', () => {
  const limit = { maxPercentBps: 1500, maxAmountCents: 2000 };
  it('checks a percentage as asked and an amount as its share of what it is taken off', () => {
    const ask = (
      kind: 'percent' | 'amount' | 'comp',
      percentBps: number | null,
      cents: number,
      ofCents: number,
    ) => discountLimitRefusal(limit, { kind, percentBps, cents, ofCents }, 'eur')?.code ?? null;
    expect(ask('percent', 1500, 1500, 10_000)).toBeNull();
    expect(ask('percent', 1501, 1501, 10_000)).toBe('DISCOUNT_ABOVE_PERCENT_LIMIT');
    expect(ask('percent', 1000, 2001, 20_010)).toBe('DISCOUNT_ABOVE_AMOUNT_LIMIT');
    expect(ask('amount', null, 1500, 10_000)).toBeNull();
    expect(ask('amount', null, 1501, 10_000)).toBe('DISCOUNT_ABOVE_PERCENT_LIMIT');
    expect(ask('amount', null, 2001, 100_000)).toBe('DISCOUNT_ABOVE_AMOUNT_LIMIT');
    // A comp is the whole line: only the amount cap holds for it.
    expect(ask('comp', null, 2000, 2000)).toBeNull();
    expect(ask('comp', null, 2001, 2001)).toBe('DISCOUNT_ABOVE_AMOUNT_LIMIT');
    expect(
      discountLimitRefusal(
        { maxPercentBps: null, maxAmountCents: null },
        { kind: 'amount', percentBps: null, cents: 10 ** 9, ofCents: 10 ** 9 },
        'usd',
      ),
    ).toBeNull();
    expect(
      discountLimitRefusal(
        limit,
        { kind: 'amount', percentBps: null, cents: 5000, ofCents: 100_000 },
        'usd',
      ),
    ).toEqual({ code: 'DISCOUNT_ABOVE_AMOUNT_LIMIT', params: { max: '20.00', currency: 'USD' } });
  });
});
