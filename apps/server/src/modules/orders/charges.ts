import type { BillParts, ChargeRates } from '@tavola/contract';
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
