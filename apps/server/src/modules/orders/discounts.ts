import {
  addDualParts,
  allocateDiscounts,
  billedQuantity,
  bpsToPercent,
  centsToAmount,
  discountedBill,
  discountLabel,
  lineLabel,
  ZERO_DUAL_PARTS,
  type BillDiscount,
  type DiscountAllocation,
  type DiscountAsk,
  type DiscountedLine,
  type DiscountEffect,
  type DualParts,
  type RestaurantMoney,
} from '@tavola/contract';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { discounts, orderItems, orders } from '../../core/db/schema.js';
import { ratesOf } from './charges.js';
import { lineSnapshotOf } from './lines.js';

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderItems.$inferSelect;
type DiscountRow = typeof discounts.$inferSelect;

/** A bill's rows: its orders (voided ones too), their lines, and its discounts still given. */
export interface BillRows {
  orders: OrderRow[];
  lines: LineRow[];
  discounts: DiscountRow[];
}

/** A bill priced with its discounts: each line, each discount's effect, each order's parts. */
export interface PricedBill {
  lines: Map<string, DiscountedLine>;
  discounts: Map<string, DiscountEffect>;
  orders: Map<string, DualParts>;
  parts: DualParts;
}

/** The discounts of these sessions that are still given, in the order they were given. */
export async function activeDiscounts(db: DbOrTx, sessionIds: readonly string[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select()
    .from(discounts)
    .where(and(inArray(discounts.diningSessionId, [...sessionIds]), isNull(discounts.removedAt)))
    .orderBy(asc(discounts.createdAt), asc(discounts.id));
}

/** A bill's rows, read as they are now. */
export async function billRows(db: DbOrTx, sessionId: string): Promise<BillRows> {
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.diningSessionId, sessionId))
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber));
  const lineRows = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
    : [];
  return { orders: orderRows, lines: lineRows, discounts: await activeDiscounts(db, [sessionId]) };
}

/** What a discount asks for, in the contract's terms; a bill discount covers the lines it lists. */
function askOf(d: DiscountRow): DiscountAsk {
  return {
    id: d.id,
    scope: d.scope,
    kind: d.kind,
    percentBps: d.percentBps,
    amountCents: d.amountCents,
    lineIds: d.scope === 'line' ? [d.orderItemId!] : d.allocation.map((a) => a.orderItemId),
  };
}

/** The lines as discounts see them: unit × what is still billed. */
const discountable = (lines: readonly LineRow[]) =>
  lines.map((l) => ({ id: l.id, cents: l.unitPriceCents * billedQuantity(l) }));

/** Allocates the discounts anew from the lines as they are (after a void, or a discount given). */
export function allocate(rows: BillRows): DiscountAllocation[] {
  return allocateDiscounts(discountable(rows.lines), rows.discounts.map(askOf));
}

/** The allocations the discounts were last stored with. */
export function storedAllocations(rows: BillRows): DiscountAllocation[] {
  // The contract's order: line discounts first, then bill discounts, each in the order given.
  const ordered = [
    ...rows.discounts.filter((d) => d.scope === 'line'),
    ...rows.discounts.filter((d) => d.scope === 'bill'),
  ];
  return ordered.flatMap((d) =>
    d.allocation.map((a) => ({ discountId: d.id, lineId: a.orderItemId, cents: a.cents })),
  );
}

/**
 * Prices a bill with its discounts, order by order (each at its own frozen rates, currency and
 * exchange rate, or at `money`'s when given: the guest's page shows the bill at the restaurant's
 * rate now), by the contract's rule (`discountedBill`).
 */
export function priceBill(
  rows: BillRows,
  allocations: readonly DiscountAllocation[],
  money?: RestaurantMoney,
): PricedBill {
  const out: PricedBill = {
    lines: new Map(),
    discounts: new Map(),
    orders: new Map(),
    parts: ZERO_DUAL_PARTS,
  };
  for (const order of rows.orders) {
    const lines = rows.lines.filter((l) => l.orderId === order.id);
    const ids = new Set(lines.map((l) => l.id));
    const priced = discountedBill(
      lines.map((l) => ({
        id: l.id,
        unitCents: l.unitPriceCents,
        quantity: billedQuantity(l),
        rates: ratesOf(order),
      })),
      allocations.filter((a) => ids.has(a.lineId)),
      money?.currency ?? order.baseCurrency,
      money?.exchangeRate ?? order.exchangeRate,
    );
    for (const [id, line] of priced.lines) out.lines.set(id, line);
    for (const [id, effect] of priced.discounts) {
      const seen = out.discounts.get(id);
      out.discounts.set(
        id,
        seen
          ? {
              amount: {
                eur: seen.amount.eur + effect.amount.eur,
                usd: seen.amount.usd + effect.amount.usd,
              },
              parts: addDualParts(seen.parts, effect.parts),
            }
          : effect,
      );
    }
    out.orders.set(order.id, priced.parts);
    if (order.status !== 'cancelled') out.parts = addDualParts(out.parts, priced.parts);
  }
  for (const d of rows.discounts) {
    if (!out.discounts.has(d.id)) {
      out.discounts.set(d.id, { amount: { eur: 0, usd: 0 }, parts: ZERO_DUAL_PARTS });
    }
  }
  return out;
}

/**
 * Reprices a bill after its lines or its discounts changed (a discount given or taken back, a
 * void): the discounts are allocated anew, and every line, order and discount whose figures moved
 * is written. Without discounts it writes what the lines alone give (what a void always wrote).
 * The caller holds the session FOR NO KEY UPDATE, so nothing else changes the bill meanwhile.
 */
export async function repriceBill(tx: Tx, sessionId: string): Promise<BillRows> {
  const rows = await billRows(tx, sessionId);
  const allocations = allocate(rows);
  const priced = priceBill(rows, allocations);

  for (const line of rows.lines) {
    const order = rows.orders.find((o) => o.id === line.orderId)!;
    const p = priced.lines.get(line.id)!;
    const discountCents = p.discount[order.baseCurrency];
    const lineTotalCents = p.charged[order.baseCurrency];
    if (line.discountCents !== discountCents || line.lineTotalCents !== lineTotalCents) {
      await tx
        .update(orderItems)
        .set({ discountCents, lineTotalCents })
        .where(eq(orderItems.id, line.id));
      line.discountCents = discountCents;
      line.lineTotalCents = lineTotalCents;
    }
  }
  for (const order of rows.orders) {
    const lines = rows.lines.filter((l) => l.orderId === order.id);
    const parts = priced.orders.get(order.id)![order.baseCurrency];
    const charged = (c: 'eur' | 'usd') =>
      lines.reduce((sum, l) => sum + priced.lines.get(l.id)!.charged[c], 0);
    const columns = {
      totalCents: charged(order.baseCurrency),
      discountCents: lines.reduce((sum, l) => sum + l.discountCents, 0),
      surchargeCents: parts.total - charged(order.baseCurrency),
      taxCents: parts.tax,
      serviceCents: parts.service,
      displayTotalCents: charged(order.currency),
    };
    if (Object.entries(columns).some(([k, v]) => order[k as keyof typeof columns] !== v)) {
      await tx
        .update(orders)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(orders.id, order.id));
      Object.assign(order, columns);
    }
  }
  for (const d of rows.discounts) {
    const allocation = allocations
      .filter((a) => a.discountId === d.id)
      .map((a) => ({ orderItemId: a.lineId, cents: a.cents }));
    const effect = priced.discounts.get(d.id)!;
    const base = rows.orders[0]?.baseCurrency ?? 'eur';
    const discountCents = effect.amount[base];
    const totalCents = effect.parts[base].total;
    const same = (a: readonly { orderItemId: string; cents: number }[]) =>
      a.map((x) => `${x.orderItemId}:${x.cents}`).join(',');
    if (
      d.discountCents !== discountCents ||
      d.totalCents !== totalCents ||
      same(d.allocation) !== same(allocation)
    ) {
      await tx
        .update(discounts)
        .set({ allocation, discountCents, totalCents })
        .where(eq(discounts.id, d.id));
      Object.assign(d, { allocation, discountCents, totalCents });
    }
  }
  return rows;
}

/** A discount as staff see it on the bill, with what it takes off in both currencies. */
export function discountView(
  d: DiscountRow,
  effect: DiscountEffect | undefined,
  lines: readonly LineRow[],
): BillDiscount {
  const line = d.orderItemId ? lines.find((l) => l.id === d.orderItemId) : undefined;
  const percent = d.percentBps === null ? null : bpsToPercent(d.percentBps);
  const amount = effect?.amount ?? { eur: 0, usd: 0 };
  const total = effect
    ? { eur: effect.parts.eur.total, usd: effect.parts.usd.total }
    : { eur: 0, usd: 0 };
  return {
    id: d.id,
    scope: d.scope,
    kind: d.kind,
    percent,
    orderItemId: d.orderItemId,
    lineName: line ? lineLabel(lineSnapshotOf(line)) : null,
    label: discountLabel({ kind: d.kind, percent, scope: d.scope }),
    reason: d.reason,
    by: d.appliedByName,
    createdAt: d.createdAt.toISOString(),
    amount: { eur: centsToAmount(amount.eur), usd: centsToAmount(amount.usd) },
    total: { eur: centsToAmount(total.eur), usd: centsToAmount(total.usd) },
  };
}

/** A bill's discounts as staff see them, priced from what was last stored (or as given). */
export function discountViews(rows: BillRows, priced?: PricedBill): BillDiscount[] {
  const p = priced ?? priceBill(rows, storedAllocations(rows));
  return rows.discounts.map((d) => discountView(d, p.discounts.get(d.id), rows.lines));
}

/** The rows of several bills at once (the floor's open ones), by session. */
export async function billsRows(
  db: DbOrTx,
  sessionIds: readonly string[],
): Promise<Map<string, BillRows>> {
  const out = new Map<string, BillRows>(
    sessionIds.map((id) => [id, { orders: [], lines: [], discounts: [] }]),
  );
  if (sessionIds.length === 0) return out;
  const orderRows = await db
    .select()
    .from(orders)
    .where(inArray(orders.diningSessionId, [...sessionIds]))
    .orderBy(asc(orders.createdAt), asc(orders.orderNumber));
  const lineRows = orderRows.length
    ? await db
        .select()
        .from(orderItems)
        .where(
          inArray(
            orderItems.orderId,
            orderRows.map((o) => o.id),
          ),
        )
    : [];
  const sessionOf = new Map(orderRows.map((o) => [o.id, o.diningSessionId]));
  for (const o of orderRows) out.get(o.diningSessionId)?.orders.push(o);
  for (const l of lineRows) out.get(sessionOf.get(l.orderId)!)?.lines.push(l);
  for (const d of await activeDiscounts(db, sessionIds))
    out.get(d.diningSessionId)?.discounts.push(d);
  return out;
}
