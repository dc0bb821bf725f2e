import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billUnitCents, dualBill, dualUnit } from '../index.js';

const line = fc.record({
  unitCents: fc.integer({ min: 1, max: 10_000_000 }),
  quantity: fc.integer({ min: 1, max: 99 }),
});

describe('dualBill', () => {
  it('keeps every line unit × quantity and every total the sum of its parts, in both currencies', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(line, { minLength: 1, maxLength: 8 }), { maxLength: 6 }),
        fc.constantFrom('eur' as const, 'usd' as const),
        fc.double({ min: 0.000001, max: 1000, noNaN: true }),
        (orders, base, rate) => {
          const bill = dualBill(orders, base, rate);
          let eur = 0;
          let usd = 0;
          bill.orders.forEach((order, o) => {
            let orderEur = 0;
            let orderUsd = 0;
            order.lines.forEach((l, i) => {
              const q = orders[o]![i]!.quantity;
              expect(l.total.eur).toBe(l.unit.eur * q);
              expect(l.total.usd).toBe(l.unit.usd * q);
              expect(Number.isInteger(l.unit.eur) && Number.isInteger(l.unit.usd)).toBe(true);
              orderEur += l.total.eur;
              orderUsd += l.total.usd;
            });
            expect(order.total).toEqual({ eur: orderEur, usd: orderUsd });
            eur += orderEur;
            usd += orderUsd;
          });
          expect(bill.total).toEqual({ eur, usd });
          // In the base currency the bill is exactly what the database prices add up to.
          const baseTotal = orders.flat().reduce((s, l) => s + l.unitCents * l.quantity, 0);
          expect(bill.total[base]).toBe(baseTotal);
        },
      ),
    );
  });

  it('converts the unit before multiplying (99 × 10.90 EUR at 1.08 is 1165.23 USD)', () => {
    const bill = dualBill([[{ unitCents: 1090, quantity: 99 }]], 'eur', 1.08);
    expect(bill.orders[0]!.lines[0]!.unit.usd).toBe(1177);
    expect(bill.total.usd).toBe(116_523);
  });

  it('bills every menu item at exactly the unit price the menu shows, whatever currency it is priced in', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 1, max: 99 }),
        fc.constantFrom('eur' as const, 'usd' as const),
        fc.constantFrom('eur' as const, 'usd' as const),
        fc.double({ min: 0.000001, max: 1000, noNaN: true }),
        (priceCents, quantity, itemCurrency, base, rate) => {
          const shown = dualUnit(priceCents, itemCurrency, base, rate);
          const unit = billUnitCents(priceCents, itemCurrency, base, rate);
          const line = dualBill([[{ unitCents: unit, quantity }]], base, rate).orders[0]!.lines[0]!;
          expect(line.unit).toEqual(shown);
          expect(line.total).toEqual({ eur: shown.eur * quantity, usd: shown.usd * quantity });
        },
      ),
    );
  });

  it('shows an item priced in the other currency at what its bill charges (USD 10.06 at 1.08 bills 10.05)', () => {
    expect(billUnitCents(1006, 'usd', 'eur', 1.08)).toBe(931);
    expect(dualUnit(1006, 'usd', 'eur', 1.08)).toEqual({ eur: 931, usd: 1005 });
  });
});
