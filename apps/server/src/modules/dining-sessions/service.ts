import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import {
  billCharges,
  centsToAmount,
  dualAmount,
  dualBill,
  dualPartsAmount,
  lineLabel,
  ZERO_DUAL_PARTS,
  type ChargeRates,
  type RestaurantMoney,
  type PublicSummary,
} from '@tavola/contract';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { diningSessions, type tables } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { guestActor } from '../../core/auth/actors.js';
import {
  billRows,
  discountViews,
  lineSnapshotOf,
  priceBill,
  ratesOf,
  storedAllocations,
} from '../orders/index.js';
import { lockTableRow, moveTable } from '../tables/index.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';

type TableRow = typeof tables.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The table's open dining session, locked until the transaction ends and marked active now (a
 * guest scanned, ordered or asked for something), or null.
 */
async function touchOpenSession(tx: Tx, tableId: string, checkNumber = 1) {
  // One UPDATE both locks and touches: it waits for a payment or a close that holds the session
  // and then re-reads the row (READ COMMITTED re-checks its conditions on the newest version):
  // a session they closed no longer matches `status = 'open'`, so nothing joins a bill being
  // settled or a table being freed. Its lock is FOR NO KEY UPDATE (not FOR SHARE) because the
  // session's last activity is written: two guests sharing a lock and then both writing would
  // deadlock. Writing it is what lets the idle sweep see, even mid-sweep, that a guest is still
  // here (its conditional update re-reads the row once this commits). A table has at most one
  // open session per check (a unique index), so this touches one row or none.
  const [touched] = await tx
    .update(diningSessions)
    .set({ lastActivityAt: new Date() })
    // The table's check 1 unless staff ask for another: further checks are split off by staff
    // and paid by themselves.
    .where(
      and(
        eq(diningSessions.tableId, tableId),
        eq(diningSessions.status, 'open'),
        eq(diningSessions.checkNumber, checkNumber),
      ),
    )
    .returning();
  return touched ?? null;
}

/**
 * The table's open dining session, opened now if there is none (the table becomes active and a
 * `table_activated` event is added to `pending`, for the caller to record last). Everyone at one
 * table shares it, and its last activity is now. The session stays locked until the caller's
 * transaction ends, so a payment or a close (which lock it too) covers exactly the orders and
 * requests committed in it.
 */
export async function openOrJoinSession(uow: UnitOfWork, table: TableRow, customerCount: number) {
  const { tx } = uow;
  // Two tries: a session that another guest opens can be paid and closed before we lock it.
  for (let attempt = 0; attempt < 3; attempt++) {
    const open = await touchOpenSession(tx, table.id);
    if (open) return { session: open, opened: false };

    // Opening one changes the table (it becomes seated): its row is locked first, as every
    // writer of a table and its session takes them (table, then session). Taken after the
    // insert instead, a guest opening the bill and a waiter seating the table (who holds the
    // table and waits on the guest's insert) would wait on each other. FOR NO KEY UPDATE leaves
    // order inserts, which reference the table, free. The unique index on a table's open session
    // still decides races: one insert wins, the others read the winner's row.
    await lockTableRow(tx, table.id);
    const [session] = await tx
      .insert(diningSessions)
      .values({
        restaurantId: table.restaurantId,
        tableId: table.id,
        customerCount,
        waiterId: table.assignedWaiterId,
      })
      .onConflictDoNothing({
        target: [diningSessions.tableId, diningSessions.checkNumber],
        where: sql`${diningSessions.status} = 'open'`,
      })
      .returning();
    if (!session) continue;
    await moveTable(tx, table.id, 'seated');
    uow.emit({
      type: 'table_activated',
      data: { tableId: table.id, tableNumber: table.number, customerCount },
      tableId: table.id,
    });
    uow.audit({
      action: 'dining_session.opened',
      entityType: 'dining_session',
      entityId: session.id,
      details: { tableNumber: table.number, customerCount },
    });
    return { session, opened: true };
  }
  throw refuse('TABLE_BEING_SETTLED');
}

/**
 * A check split off a table's bill, which staff ring an order up on: it is open, or the order is
 * refused (a check is never opened by an order; splitting makes one). Locked as a bill an order
 * joins is.
 */
export async function joinCheck(uow: UnitOfWork, table: TableRow, checkNumber: number) {
  const open = await touchOpenSession(uow.tx, table.id, checkNumber);
  if (!open) throw refuse('CHECK_NOT_OPEN', { table: table.number, check: checkNumber });
  return open;
}

/** How fresh a session's last activity may be before a guest's presence writes it again. */
const PRESENCE_RESOLUTION = sql`interval '1 minute'`;

/**
 * Guests are still at these tables (their page is connected, or read the menu): their open
 * sessions are active now, so the idle sweep leaves them. Never opens a session: reading the menu
 * seats nobody. Written at most once a minute per session; a session the sweep closed meanwhile no
 * longer matches (the sweep's own conditional update re-reads the row, so it sees this write).
 */
export async function markGuestsPresent(db: DbOrTx, tableIds: readonly string[]): Promise<void> {
  if (tableIds.length === 0) return;
  await db
    .update(diningSessions)
    .set({ lastActivityAt: sql`now()` })
    .where(
      and(
        inArray(diningSessions.tableId, [...tableIds]),
        eq(diningSessions.status, 'open'),
        sql`${diningSessions.lastActivityAt} < now() - ${PRESENCE_RESOLUTION}`,
      ),
    );
}

/** How often one instance writes a table's presence for its guests' menu reads. */
const PRESENCE_EVERY_MS = 30_000;

/**
 * `markGuestsPresent` for a guest's repeated reads: written at most every 30 seconds per table
 * by this instance (the write itself only moves a session idle for over a minute), so reading
 * the menu costs no database write on most calls. Idle times are minutes long; this keeps them
 * true to within the interval.
 */
export function guestPresence(db: DbOrTx): (tableId: string) => Promise<void> {
  const written = new Map<string, number>();
  return async (tableId) => {
    const now = Date.now();
    const last = written.get(tableId);
    if (last !== undefined && now - last < PRESENCE_EVERY_MS) return;
    if (written.size >= 50_000) written.clear();
    written.set(tableId, now);
    await markGuestsPresent(db, [tableId]);
  };
}

/**
 * A guest sits down: the table's open session, opened now if there is none. A party
 * larger than the restaurant's max table capacity is refused.
 */
export function startSession(
  ctx: WorkContext,
  table: TableRow,
  customerCount: number,
  maxTableCapacity: number,
) {
  if (customerCount > maxTableCapacity)
    throw refuse('GUEST_COUNT_ABOVE_MAX', { max: maxTableCapacity });
  return runWork(ctx, guestActor(table), (uow) => openOrJoinSession(uow, table, customerCount));
}

/**
 * The bill the guest sees: the table's open session, or the session the page belongs to (so a
 * party that just paid still reads "paid"). A guest never sees another party's bill: without
 * its own session id, a table with no open session shows an empty bill.
 */
export async function sessionSummary(
  db: DbOrTx,
  table: TableRow,
  restaurant: RestaurantMoney & ChargeRates,
  sessionId?: string,
): Promise<PublicSummary> {
  const currentRates: ChargeRates = {
    taxRateBps: restaurant.taxRateBps,
    serviceChargeBps: restaurant.serviceChargeBps,
    pricesIncludeTax: restaurant.pricesIncludeTax,
  };
  const own = sessionId && UUID.test(sessionId) ? sessionId : undefined;
  // The guests' bill is the table's check 1.
  const openCheckOne = and(eq(diningSessions.status, 'open'), eq(diningSessions.checkNumber, 1));
  const [session] = await db
    .select()
    .from(diningSessions)
    .where(
      and(
        eq(diningSessions.tableId, table.id),
        own ? or(eq(diningSessions.id, own), openCheckOne) : openCheckOne,
      ),
    )
    // The page's own session first, then the open one.
    .orderBy(own ? sql`${diningSessions.id} = ${own} desc` : desc(diningSessions.openedAt))
    .limit(1);

  const empty: PublicSummary = {
    totalAmount: 0,
    totals: { eur: 0, usd: 0 },
    parts: dualPartsAmount(ZERO_DUAL_PARTS),
    charges: billCharges([], currentRates),
    currency: restaurant.currency,
    paymentStatus: 'none',
    hasActiveSession: false,
    sessionId: null,
    tableNumber: table.number,
    orders: [],
    discounts: [],
  };
  if (!session) return empty;

  // The bill with its discounts, each line priced by the contract's rule at its order's own
  // rates, in each currency at the restaurant's rate; a voided order counts nothing.
  const rows = await billRows(db, session.id);
  const sessionOrders = rows.orders;
  const priced = priceBill(rows, storedAllocations(rows), restaurant);
  const parts = priced.parts;
  // What is still billed of each order: voided lines and quantities are left out.
  const billedLines = sessionOrders.map((o) =>
    rows.lines
      .filter((l) => l.orderId === o.id && l.quantity > l.voidedQuantity)
      .map((l) => ({ ...l, billed: l.quantity - l.voidedQuantity })),
  );
  const bill = dualBill(
    billedLines.map((ls) =>
      ls.map((l) => ({
        unitCents: l.unitPriceCents,
        quantity: l.billed,
        discountCents: l.discountCents,
      })),
    ),
    restaurant.currency,
    restaurant.exchangeRate,
  );
  const billed = sessionOrders.flatMap((o, i) => (o.status === 'cancelled' ? [] : [i]));
  const totals = { eur: parts.eur.total, usd: parts.usd.total };
  return {
    totalAmount: centsToAmount(totals[restaurant.currency]),
    totals: dualAmount(totals),
    parts: dualPartsAmount(parts),
    charges: billCharges(
      billed.map((i) => ratesOf(sessionOrders[i]!)),
      currentRates,
    ),
    currency: restaurant.currency,
    paymentStatus: session.paymentStatus,
    hasActiveSession: session.status === 'open',
    sessionId: session.id,
    tableNumber: table.number,
    orders: sessionOrders.map((o, i) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      status: o.status,
      total: dualAmount(
        bill.orders[i]!.lines.reduce(
          (sum, l) => ({ eur: sum.eur + l.total.eur, usd: sum.usd + l.total.usd }),
          { eur: 0, usd: 0 },
        ),
      ),
      createdAt: o.createdAt.toISOString(),
      items: billedLines[i]!.map((l, j) => {
        const line = bill.orders[i]!.lines[j]!;
        return {
          id: l.id,
          name: lineLabel(lineSnapshotOf(l)),
          quantity: l.billed,
          unitPrice: dualAmount(line.unit),
          lineTotal: dualAmount(line.total),
          ...(l.discountCents > 0 ? { discount: dualAmount(line.discount) } : {}),
        };
      }),
    })),
    // Who gave a discount stays with staff.
    discounts: discountViews(rows, priced).map(({ by: _by, ...d }) => d),
  };
}
