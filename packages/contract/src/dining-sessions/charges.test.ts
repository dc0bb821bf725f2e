import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dualBill,
  dualOrderParts,
  lineParts,
  mulDivRound,
  orderParts,
  pricesIncludeTaxByDefault,
  sumParts,
  type BillParts,
  type ChargeRates,
} from '../index.js';

// Up to 10,000.00 a unit: a whole bill stays exact in cents in either currency at any rate the
// settings allow (1e6 × 99 × 48 lines, times 1e6 at the extreme rate, is below 2^53).
const line = fc.record({
  unitCents: fc.integer({ min: 1, max: 1_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});
const rates: fc.Arbitrary<ChargeRates> = fc.record({
  taxRateBps: fc.oneof(fc.constantFrom(0, 850, 1000, 2000, 2200, 10_000), fc.nat(10_000)),
  serviceChargeBps: fc.oneof(fc.constantFrom(0, 1000, 1250, 1500, 10_000), fc.nat(10_000)),
  pricesIncludeTax: fc.boolean(),
});
const currency = fc.constantFrom('eur' as const, 'usd' as const);
const exchangeRate = fc.double({ min: 0.000001, max: 1000, noNaN: true });

function expectWhole(p: BillParts) {
  for (const v of Object.values(p)) {
    expect(Number.isSafeInteger(v)).toBe(true);
    expect(v).toBeGreaterThanOrEqual(0);
  }
  expect(p.net + p.service + p.tax).toBe(p.total);
}

describe('mulDivRound', () => {
  it('rounds half away from zero, exactly, beyond 2^53 intermediate products', () => {
    expect(mulDivRound(425, 1, 100)).toBe(4);
    expect(mulDivRound(450, 1, 100)).toBe(5);
    expect(mulDivRound(-450, 1, 100)).toBe(-5);
    expect(mulDivRound(2480 + 372, 850, 10_000)).toBe(242);
    // 9e15 × 10000 does not fit a double; the answer must still be exact.
    expect(mulDivRound(900_719_925_474_099, 10_000, 10_000)).toBe(900_719_925_474_099);
  });

  it('agrees with the exact quotient to within half a unit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), fc.nat(10_000), (a, n) => {
        const r = mulDivRound(a, n, 10_000);
        expect(Math.abs(r * 10_000 - a * n)).toBeLessThanOrEqual(5_000);
      }),
    );
  });
});

describe('lineParts: the rule', () => {
  it('always splits a line into whole, non-negative parts that add up to its total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), rates, (cents, r) => {
        expectWhole(lineParts(cents, r));
      }),
    );
  });

  it('prices excluding tax: net is the menu price, service on net, tax on net + service', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), rates, (cents, r) => {
        const p = lineParts(cents, { ...r, pricesIncludeTax: false });
        expect(p.net).toBe(cents);
        expect(p.service).toBe(mulDivRound(cents, r.serviceChargeBps, 10_000));
        expect(p.tax).toBe(mulDivRound(cents + p.service, r.taxRateBps, 10_000));
      }),
    );
  });

  it('prices including tax: the guest pays the menu price plus the service charge on it; tax is within', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), rates, (cents, r) => {
        const p = lineParts(cents, { ...r, pricesIncludeTax: true });
        expect(p.total).toBe(cents + mulDivRound(cents, r.serviceChargeBps, 10_000));
        if (r.serviceChargeBps === 0) expect(p.total).toBe(cents);
        // The tax is the rate's share of the total, to the cent.
        expect(
          Math.abs(p.tax * (10_000 + r.taxRateBps) - p.total * r.taxRateBps),
        ).toBeLessThanOrEqual((10_000 + r.taxRateBps) / 2);
        // The service charge is its rate of net, to the cent.
        expect(
          Math.abs(
            p.service * (10_000 + r.serviceChargeBps) - (p.net + p.service) * r.serviceChargeBps,
          ),
        ).toBeLessThanOrEqual((10_000 + r.serviceChargeBps) / 2);
      }),
    );
  });

  it('worked examples: a US check and an Italian bill', () => {
    // USD 24.80 before tax, 15% service, 8.5% tax on food and service: 3.72 service, 2.42 tax.
    expect(
      lineParts(2480, { taxRateBps: 850, serviceChargeBps: 1500, pricesIncludeTax: false }),
    ).toEqual({ net: 2480, service: 372, tax: 242, total: 3094 });
    // EUR 100.00 on the menu (VAT 10% within), 10% servizio: the guest pays 110.00, of which
    // 10.00 VAT, 9.09 service and 90.91 goods.
    expect(
      lineParts(10_000, { taxRateBps: 1000, serviceChargeBps: 1000, pricesIncludeTax: true }),
    ).toEqual({ net: 9091, service: 909, tax: 1000, total: 11_000 });
    // No tax, no service: a line is its menu price, whichever way prices are read.
    expect(
      lineParts(1234, { taxRateBps: 0, serviceChargeBps: 0, pricesIncludeTax: false }),
    ).toEqual({ net: 1234, service: 0, tax: 0, total: 1234 });
  });

  it('rounds per line: two 0.50 lines at 8.5% carry 0.04 tax each, 0.08 in all', () => {
    const r = { taxRateBps: 850, serviceChargeBps: 0, pricesIncludeTax: false };
    const two = orderParts(
      [
        { unitCents: 50, quantity: 1 },
        { unitCents: 50, quantity: 1 },
      ],
      r,
    );
    expect(two).toEqual({ net: 100, service: 0, tax: 8, total: 108 });
  });

  it('defaults by currency: EUR menu prices include tax, USD menu prices do not', () => {
    expect(pricesIncludeTaxByDefault('eur')).toBe(true);
    expect(pricesIncludeTaxByDefault('usd')).toBe(false);
  });
});

describe('dualOrderParts: both currencies', () => {
  it('adds up to each currency’s total, is the sum of its lines, and is the stored order in the base currency', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(line, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 }),
        rates,
        currency,
        exchangeRate,
        (orders, r, base, eurToUsd) => {
          const perOrder = orders.map((lines) => dualOrderParts(lines, r, base, eurToUsd));
          const bill = {
            eur: sumParts(perOrder.map((p) => p.eur)),
            usd: sumParts(perOrder.map((p) => p.usd)),
          };
          expectWhole(bill.eur);
          expectWhole(bill.usd);
          orders.forEach((lines, i) => {
            const p = perOrder[i]!;
            expectWhole(p.eur);
            expectWhole(p.usd);
            // In the base currency, exactly what placing the order stores.
            expect(p[base]).toEqual(orderParts(lines, r));
          });
          // The goods in each currency are the bill's lines in that currency (dualBill's rule):
          // with prices excluding tax, net is exactly the menu bill; with them included and no
          // service charge, the total is.
          const menu = dualBill(orders, base, eurToUsd).total;
          for (const c of ['eur', 'usd'] as const) {
            if (!r.pricesIncludeTax) expect(bill[c].net).toBe(menu[c]);
            else if (r.serviceChargeBps === 0) expect(bill[c].total).toBe(menu[c]);
            expect(bill[c].total).toBeGreaterThanOrEqual(menu[c]);
          }
        },
      ),
    );
  });

  it('a bill’s parts are the sum of its orders’, however the lines are grouped into orders', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 20 }),
        fc.nat(19),
        rates,
        currency,
        exchangeRate,
        (lines, cut, r, base, eurToUsd) => {
          const at = Math.min(cut, lines.length);
          const whole = dualOrderParts(lines, r, base, eurToUsd);
          const a = dualOrderParts(lines.slice(0, at), r, base, eurToUsd);
          const b = dualOrderParts(lines.slice(at), r, base, eurToUsd);
          expect(sumParts([a.eur, b.eur])).toEqual(whole.eur);
          expect(sumParts([a.usd, b.usd])).toEqual(whole.usd);
        },
      ),
    );
  });
});
