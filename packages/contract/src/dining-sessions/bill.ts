import type { Currency } from '../common/constants.js';
import { type DualCents, dualLine, sumDual } from '../common/money.js';

export interface BillLineInput {
  unitCents: number;
  quantity: number;
}

export interface DualBillLine {
  unit: DualCents;
  total: DualCents;
}

export interface DualBill {
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
    const priced = lines.map((l) => ({
      unit: dualLine(l.unitCents, 1, base, eurToUsd),
      total: dualLine(l.unitCents, l.quantity, base, eurToUsd),
    }));
    return { lines: priced, total: sumDual(priced.map((l) => l.total)) };
  });
  return { orders: billed, total: sumDual(billed.map((o) => o.total)) };
}
