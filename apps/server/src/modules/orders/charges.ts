import { type BillParts, type ChargeRates, orderParts } from '@tavola/contract';
import { sql, type SQL } from 'drizzle-orm';
import { orders } from '../../core/db/schema.js';

/**
 * An order's share of its bill, as stored (the contract's rule, frozen when it was placed):
 * what the table pays for it is its menu prices plus the surcharge (service charge, and tax
 * when prices exclude it); net is that less tax and service charge.
 */
export const billCentsOf: SQL<number> = sql<number>`(${orders.totalCents} + ${orders.surchargeCents})`;
export const netCentsOf: SQL<number> = sql<number>`(${orders.totalCents} + ${orders.surchargeCents} - ${orders.taxCents} - ${orders.serviceCents})`;

type StoredCharges = Pick<
  typeof orders.$inferSelect,
  'totalCents' | 'surchargeCents' | 'taxCents' | 'serviceCents'
>;

/** An order's parts in its restaurant's currency, from its row. */
export function storedParts(o: StoredCharges): BillParts {
  const total = o.totalCents + o.surchargeCents;
  return {
    net: total - o.taxCents - o.serviceCents,
    service: o.serviceCents,
    tax: o.taxCents,
    total,
  };
}

/** An order's frozen rates, from its row. */
export const ratesOf = (
  o: Pick<typeof orders.$inferSelect, 'taxRateBps' | 'serviceChargeBps' | 'pricesIncludeTax'>,
): ChargeRates => ({
  taxRateBps: o.taxRateBps,
  serviceChargeBps: o.serviceChargeBps,
  pricesIncludeTax: o.pricesIncludeTax,
});

/**
 * The columns an order's lines (what is still billed of each) give it at its own rates: after a
 * void, its parts are its remaining lines', by the same rule.
 */
export function chargeColumns(
  lines: readonly { unitCents: number; quantity: number }[],
  rates: ChargeRates,
) {
  const parts = orderParts(lines, rates);
  const totalCents = lines.reduce((sum, l) => sum + l.unitCents * l.quantity, 0);
  return {
    totalCents,
    surchargeCents: parts.total - totalCents,
    taxCents: parts.tax,
    serviceCents: parts.service,
  };
}
