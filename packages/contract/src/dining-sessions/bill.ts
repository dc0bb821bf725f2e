import type { Currency } from '../common/constants.js';
import { type DualCents, dualLine, sumDual } from '../common/money.js';
import { dualLineAmounts } from './charges.js';

export interface BillLineInput {
  unitCents: number;
  quantity: number;
  /**
   * What discounts and comps take off the line, in the restaurant's currency, at menu prices (0
   * or absent: none). Never more than unit × quantity.
   */
  discountCents?: number;
}

export interface DualBillLine {
  unit: DualCents;
  /** unit × quantity, at menu prices. */
  total: DualCents;
  /** What discounts take off it in each currency (`discountIn`). */
  discount: DualCents;
  /** total − discount: what the line charges before tax and service charge are applied. */
  charged: DualCents;
}

export interface DualBill {
  /** Each order's `total` is what its lines charge (their `charged`, discounts taken off). */
  orders: { lines: DualBillLine[]; total: DualCents }[];
  total: DualCents;
}

/** A bill of orders and their lines in both currencies, by the rule of `dualLine`. */
export function dualBill(
  orders: readonly (readonly BillLineInput[])[],
  base: Currency,
  eurToUsd: number,
): DualBill {
  const billed = orders.map((lines) => {
    const priced = lines.map((l) => {
      const amounts = dualLineAmounts(l, base, eurToUsd);
      return {
        unit: dualLine(l.unitCents, 1, base, eurToUsd),
        total: amounts.gross,
        discount: amounts.discount,
        charged: amounts.charged,
      };
    });
    return { lines: priced, total: sumDual(priced.map((l) => l.charged)) };
  });
  return { orders: billed, total: sumDual(billed.map((o) => o.total)) };
}
