import { buildReceipt, orderParts, type ChargeRates } from '@tavola/contract';
import { describe, expect, it } from 'vitest';
import { receiptRows, type ReceiptRow } from './receipt-pdf.js';

const lines = [
  { name: 'Margherita Pizza', unitCents: 1200, quantity: 2 },
  { name: 'Espresso', unitCents: 250, quantity: 2 },
];

const receipt = (...rates: ChargeRates[]) =>
  buildReceipt({
    number: 12,
    restaurantName: 'Da Mario',
    tableNumber: 3,
    sessionId: 's',
    issuedAt: '2026-11-21T20:00:00.000Z',
    timezone: 'Europe/Rome',
    currency: 'eur',
    orders: rates.map((r, i) => ({
      orderNumber: 100 + i,
      rates: r,
      lines,
      parts: orderParts(lines, r),
    })),
    tipCents: 0,
    method: 'card',
    servedBy: null,
  });

/** The printed lines that speak of tax, as "label: amount". */
const taxLines = (rows: ReceiptRow[]) =>
  rows.flatMap((row) =>
    row.kind === 'pair' && /tax/i.test(row.left) ? [`${row.left}: ${row.right}`] : [],
  );

describe('the receipt PDF', () => {
  it('prints a single tax rate once when tax is added to the prices', () => {
    const r = receipt({ taxRateBps: 850, serviceChargeBps: 0, pricesIncludeTax: false });
    expect(taxLines(receiptRows({ receipt: r, copy: false }))).toEqual(['Tax 8.5%: €2.47']);
  });

  it('prints a single tax rate once when the prices include it', () => {
    const r = receipt({ taxRateBps: 1000, serviceChargeBps: 0, pricesIncludeTax: true });
    expect(taxLines(receiptRows({ receipt: r, copy: false }))).toEqual([
      'Incl. tax 10% on €26.37: €2.63',
    ]);
  });

  it('prints each of several rates, and their total once', () => {
    const r = receipt(
      { taxRateBps: 1000, serviceChargeBps: 0, pricesIncludeTax: false },
      { taxRateBps: 2200, serviceChargeBps: 0, pricesIncludeTax: false },
    );
    expect(taxLines(receiptRows({ receipt: r, copy: false }))).toEqual([
      'Tax 10%: €2.90',
      'Tax 22%: €6.38',
      'Tax total: €9.28',
    ]);
  });
});
