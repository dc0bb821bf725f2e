import { describe, expect, it } from 'vitest';
import { type ChargeRates, orderParts } from '../dining-sessions/charges.js';
import { buildReceipt, type ReceiptOrderInput } from './build.js';

const cents = (amount: number) => Math.round(amount * 100);

function order(
  orderNumber: number,
  rates: ChargeRates,
  lines: { name: string; unitCents: number; quantity: number }[],
): ReceiptOrderInput {
  return { orderNumber, rates, lines, parts: orderParts(lines, rates) };
}

const base = {
  number: 7,
  restaurantName: 'Da Mario',
  tableNumber: 3,
  sessionId: 's',
  issuedAt: '2026-11-21T20:00:00.000Z',
  timezone: 'Europe/Rome',
  currency: 'eur' as const,
  tipCents: 0,
  method: 'cash' as const,
  servedBy: null,
};

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('buildReceipt', () => {
  it('adds its lines up on paper whatever the rates, and its parts to its total', () => {
    const rand = random(16);
    for (let run = 0; run < 500; run++) {
      const orders = Array.from({ length: 1 + Math.floor(rand() * 3) }, (_, i) => {
        const rates: ChargeRates = {
          taxRateBps: [0, 500, 850, 1000, 2200][Math.floor(rand() * 5)]!,
          serviceChargeBps: [0, 1000, 1250, 1500][Math.floor(rand() * 4)]!,
          pricesIncludeTax: rand() < 0.5,
        };
        return order(
          100 + i,
          rates,
          Array.from({ length: 1 + Math.floor(rand() * 4) }, () => ({
            name: ['Espresso', 'Burger', 'Tiramisù', 'Spritz'][Math.floor(rand() * 4)]!,
            unitCents: 50 + Math.floor(rand() * 3000),
            quantity: 1 + Math.floor(rand() * 5),
          })),
        );
      });
      const tipCents = Math.floor(rand() * 500);
      const r = buildReceipt({ ...base, orders, tipCents });
      const total = orders.reduce((s, o) => s + o.parts.total, 0);
      expect(cents(r.total)).toBe(total);
      expect(cents(r.net) + cents(r.service) + cents(r.tax)).toBe(total);
      expect(cents(r.paid)).toBe(total + tipCents);
      expect(r.lines.reduce((s, l) => s + cents(l.lineTotal), 0)).toBe(cents(r.itemsTotal));
      // What the receipt prints adds up: items + service charge (+ tax when added) = total.
      expect(
        cents(r.itemsTotal) + cents(r.serviceAdded) + (r.pricesIncludeTax ? 0 : cents(r.tax)),
      ).toBe(total);
      expect(r.taxes.reduce((s, t) => s + cents(t.tax), 0)).toBe(cents(r.tax));
    }
  });

  it('shows an item at one price once, and tax per rate on goods and service', () => {
    const rates = { taxRateBps: 1000, serviceChargeBps: 1000, pricesIncludeTax: false };
    const r = buildReceipt({
      ...base,
      orders: [
        order(1, rates, [
          { name: 'Espresso', unitCents: 220, quantity: 2 },
          { name: 'Burger', unitCents: 1250, quantity: 1 },
        ]),
        order(2, rates, [{ name: 'Espresso', unitCents: 220, quantity: 1 }]),
      ],
    });
    expect(r.lines).toEqual([
      { name: 'Espresso', quantity: 3, unitPrice: 2.2, lineTotal: 6.6 },
      { name: 'Burger', quantity: 1, unitPrice: 12.5, lineTotal: 12.5 },
    ]);
    expect(r.orderNumbers).toEqual([1, 2]);
    // Service per line: 0.44 + 1.25 + 0.22; tax on goods and service per line: 0.48, 1.38, 0.24.
    expect(r).toMatchObject({ net: 19.1, service: 1.91, tax: 2.1, total: 23.11 });
    expect(r.taxes).toEqual([{ rate: 10, base: 21.01, tax: 2.1 }]);
    expect(r.serviceChargeRate).toBe(10);
  });

  it('names no service charge rate when the orders were charged at different ones', () => {
    const r = buildReceipt({
      ...base,
      orders: [
        order(1, { taxRateBps: 0, serviceChargeBps: 1000, pricesIncludeTax: true }, [
          { name: 'A', unitCents: 1000, quantity: 1 },
        ]),
        order(2, { taxRateBps: 0, serviceChargeBps: 0, pricesIncludeTax: true }, [
          { name: 'B', unitCents: 1000, quantity: 1 },
        ]),
      ],
    });
    expect(r.serviceChargeRate).toBeNull();
    expect(r.taxes).toEqual([]);
    expect(r).toMatchObject({ itemsTotal: 20, serviceAdded: 1, total: 21 });
  });
});
