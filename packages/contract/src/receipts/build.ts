import type { Currency } from '../common/constants.js';
import { centsToAmount } from '../common/money.js';
import {
  addParts,
  type BillParts,
  bpsToPercent,
  type ChargeRates,
  ZERO_PARTS,
} from '../dining-sessions/charges.js';
import type { OrderType } from '../orders/order-types.js';
import type { PaymentMethod } from '../payments/schemas.js';
import type { Receipt, ReceiptTax } from './schemas.js';

/** One order of a paid bill, as stored: its frozen rates and parts, and what is billed of it. */
export interface ReceiptOrderInput {
  orderNumber: number;
  rates: ChargeRates;
  /** The order's parts as stored (net + service + tax = total). */
  parts: BillParts;
  /** Its lines still billed (voided quantities left out), at menu prices in the base currency. */
  lines: readonly { name: string; unitCents: number; quantity: number }[];
}

export interface ReceiptInput {
  number: number;
  restaurantName: string;
  /** Null for a tab (a bill without a table). */
  tableNumber: number | null;
  /** Dine-in unless given. */
  orderType?: OrderType;
  /** The tab's name, for a bill without a table. */
  tabName?: string | null;
  sessionId: string;
  issuedAt: string;
  timezone: string;
  currency: Currency;
  /** The bill's orders, voided ones left out. */
  orders: readonly ReceiptOrderInput[];
  tipCents: number;
  method: PaymentMethod;
  /** Every payment of the bill, when there were more than one (their tips add up to `tipCents`). */
  payments?: readonly { method: PaymentMethod; amountCents: number; tipCents: number }[];
  servedBy: string | null;
  /** The discounts and comps on the bill, each with what it took off at menu prices. */
  discounts?: readonly {
    label: string;
    lineName: string | null;
    reason: string;
    amountCents: number;
  }[];
}

const same = <T>(values: readonly T[]): T | null =>
  values.length > 0 && values.every((v) => v === values[0]) ? values[0]! : null;

/**
 * A receipt from its bill's orders. Its parts are the orders' stored parts,
 * summed (never rounded again), so they are exactly what the payment charged. Lines of the same
 * item at the same price are shown once with their quantities added, at menu prices; the
 * discounts and comps follow them, each with what it took off; tax is shown per rate, on what it
 * was charged on (the goods after discounts and the service charge).
 */
export function buildReceipt(input: ReceiptInput): Receipt {
  const lines = new Map<string, { name: string; unitCents: number; quantity: number }>();
  for (const order of input.orders) {
    for (const line of order.lines) {
      if (line.quantity <= 0) continue;
      const key = `${line.unitCents}\u0000${line.name}`;
      const seen = lines.get(key);
      if (seen) seen.quantity += line.quantity;
      else lines.set(key, { ...line });
    }
  }
  const parts = input.orders.reduce<BillParts>((sum, o) => addParts(sum, o.parts), ZERO_PARTS);
  const itemsCents = [...lines.values()].reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  const discounts = (input.discounts ?? []).filter((d) => d.amountCents > 0);
  const discountCents = discounts.reduce((sum, d) => sum + d.amountCents, 0);

  const byRate = new Map<number, { base: number; tax: number }>();
  for (const order of input.orders) {
    const rate = order.rates.taxRateBps;
    const seen = byRate.get(rate) ?? { base: 0, tax: 0 };
    seen.base += order.parts.net + order.parts.service;
    seen.tax += order.parts.tax;
    byRate.set(rate, seen);
  }
  const taxes: ReceiptTax[] = [...byRate]
    .filter(([rate]) => rate > 0)
    .sort(([a], [b]) => a - b)
    .map(([rate, t]) => ({
      rate: bpsToPercent(rate),
      base: centsToAmount(t.base),
      tax: centsToAmount(t.tax),
    }));
  const serviceBps = same(input.orders.map((o) => o.rates.serviceChargeBps));
  const includesTax = input.orders.every((o) => o.rates.pricesIncludeTax);

  return {
    number: input.number,
    restaurantName: input.restaurantName,
    tableNumber: input.tableNumber,
    orderType: input.orderType ?? 'dine_in',
    tabName: input.tabName ?? null,
    sessionId: input.sessionId,
    orderNumbers: input.orders.map((o) => o.orderNumber),
    issuedAt: input.issuedAt,
    timezone: input.timezone,
    currency: input.currency,
    lines: [...lines.values()].map((l) => ({
      name: l.name,
      quantity: l.quantity,
      unitPrice: centsToAmount(l.unitCents),
      lineTotal: centsToAmount(l.unitCents * l.quantity),
    })),
    itemsTotal: centsToAmount(itemsCents),
    ...(discounts.length > 0
      ? {
          discounts: discounts.map((d) => ({
            label: d.label,
            lineName: d.lineName,
            reason: d.reason,
            amount: centsToAmount(d.amountCents),
          })),
          discountTotal: centsToAmount(discountCents),
        }
      : {}),
    pricesIncludeTax: includesTax,
    serviceChargeRate: serviceBps === null ? null : bpsToPercent(serviceBps),
    serviceAdded: centsToAmount(
      parts.total - (itemsCents - discountCents) - (includesTax ? 0 : parts.tax),
    ),
    net: centsToAmount(parts.net),
    service: centsToAmount(parts.service),
    tax: centsToAmount(parts.tax),
    taxes,
    total: centsToAmount(parts.total),
    tip: centsToAmount(input.tipCents),
    paid: centsToAmount(parts.total + input.tipCents),
    method: input.method,
    ...(input.payments && input.payments.length > 1
      ? {
          payments: input.payments.map((p) => ({
            method: p.method,
            amount: centsToAmount(p.amountCents),
            tip: centsToAmount(p.tipCents),
          })),
        }
      : {}),
    servedBy: input.servedBy,
  };
}
