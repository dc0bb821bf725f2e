import {
  billUnitCents,
  centsToAmount,
  dualAmount,
  dualBill,
  estimateTicketMinutes,
  ORDER_MAX_QUANTITY,
  ORDER_MAX_TOTAL_CENTS,
  orderParts,
  SESSION_MAX_TOTAL_CENTS,
  stationFor,
  type DualCents,
  type PlaceOrderInput,
  type PlacedOrder,
  STATIONS,
} from '@tavola/contract';
import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../core/db/client.js';
import { guestActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { diningSessions, orderItems, orders, tickets, users } from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { billCentsOf } from './charges.js';
import { AppError, badRequest, conflict } from '../../core/http/errors.js';
import { nextCounter } from '../../core/events/recorder.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { openOrJoinSession } from '../dining-sessions/index.js';
import { resolvePublicTable } from '../tables/index.js';
import { lockBusinessDay } from '../business-days/index.js';
import { menuItemsWithCategoryStation } from '../menu/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type OrderRow = typeof orders.$inferSelect;

function toPlaced(order: OrderRow, total: DualCents, replayed: boolean): PlacedOrder {
  return {
    order_number: order.orderNumber,
    orderId: order.id,
    sessionId: order.diningSessionId,
    status: order.status,
    currency: order.currency,
    total: dualAmount(total),
    replayed,
  };
}

/** The name kitchen and bar show on a new table's tickets: its assigned waiter, if any. */
async function waiterName(tx: Tx, waiterId: string | null): Promise<string | null> {
  if (!waiterId) return null;
  const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, waiterId));
  return row?.name ?? null;
}

/** The request a key was first used with, so a replay can be told from a different order. */
function requestHash(input: PlaceOrderInput): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * The order this table's open bill placed with this Idempotency-Key: the first answer again when
 * the request is the same, a 422 when the key comes back with another order. Keys belong to a
 * table's dining session: the same key at another table is another guest's order, and a key of a
 * bill already closed never answers with that party's order (nor places it twice).
 */
async function replay(db: Db, tableId: string, key: string, hash: string) {
  const [row] = await db
    .select({ order: orders, sessionStatus: diningSessions.status })
    .from(orders)
    .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
    .where(and(eq(orders.tableId, tableId), eq(orders.idempotencyKey, key)))
    .limit(1);
  if (!row) return null;
  const existing = row.order;
  if (row.sessionStatus !== 'open') {
    throw new AppError(
      'UNPROCESSABLE',
      'This Idempotency-Key was already used at this table for a bill that is now closed; send a new key for a new order',
    );
  }
  if (existing.requestHash !== null && existing.requestHash !== hash) {
    throw new AppError(
      'UNPROCESSABLE',
      'This Idempotency-Key was already used for a different order; send a new key for a new order',
    );
  }
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, existing.id));
  const bill = dualBill(
    [lines.map((l) => ({ unitCents: l.unitPriceCents, quantity: l.quantity - l.voidedQuantity }))],
    existing.baseCurrency,
    existing.exchangeRate,
  );
  return toPlaced(existing, bill.total, true);
}

const amountText = (cents: number, currency: string) =>
  `${centsToAmount(cents).toFixed(2)} ${currency.toUpperCase()}`;

/**
 * Places a guest's order: every line checked against this restaurant's menu, prices taken from
 * the database, an order number, its items and one ticket per station written in one transaction
 * with their events. A retry with the same Idempotency-Key returns the first order.
 */
export async function placePublicOrder(
  ctx: WorkContext,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  const { db } = ctx;
  const { table, restaurant } = await resolvePublicTable(db, input.token);
  const hash = requestHash(input);

  if (idempotencyKey) {
    const replayed = await replay(db, table.id, idempotencyKey, hash);
    if (replayed) return replayed;
  }

  // Merge repeated lines of one item; quantities are checked again after merging.
  const quantities = new Map<string, number>();
  const notes = new Map<string, string>();
  for (const line of input.items) {
    if (!UUID.test(line.menuItemId)) throw badRequest(`Unknown menu item: ${line.menuItemId}`);
    const id = line.menuItemId.toLowerCase();
    quantities.set(id, (quantities.get(id) ?? 0) + line.quantity);
    if (line.notes) notes.set(id, line.notes);
  }
  const ids = [...quantities.keys()];
  const found = await menuItemsWithCategoryStation(db, restaurant.id, ids);
  const byId = new Map(found.map((m) => [m.id, m]));
  const lines = ids.map((id) => {
    const item = byId.get(id);
    if (!item) throw badRequest(`Unknown menu item: ${id}`);
    if (!item.available) throw badRequest(`${item.name} is not available right now`);
    const quantity = quantities.get(id) ?? 0;
    if (quantity > ORDER_MAX_QUANTITY) {
      throw badRequest(`quantity of ${item.name} must be at most ${ORDER_MAX_QUANTITY}`);
    }
    // Menu prices are in the item's currency; bills are in the restaurant's.
    const unitCents = billUnitCents(
      item.priceCents,
      item.currency,
      restaurant.currency,
      restaurant.exchangeRate,
    );
    return {
      item,
      quantity,
      unitCents,
      lineCents: unitCents * quantity,
      station: stationFor(item),
      notes: notes.get(id) ?? null,
    };
  });

  const totalCents = lines.reduce((sum, l) => sum + l.lineCents, 0);
  if (totalCents > ORDER_MAX_TOTAL_CENTS) {
    throw badRequest(
      `This order is too large for one order (at most ${amountText(ORDER_MAX_TOTAL_CENTS, restaurant.currency)}); split it, or ask your waiter`,
    );
  }
  const bill = dualBill(
    [lines.map((l) => ({ unitCents: l.unitCents, quantity: l.quantity }))],
    restaurant.currency,
    restaurant.exchangeRate,
  );
  const displayTotalCents = bill.total[input.currency];
  // Tax and service charge by the restaurant's settings now, kept with the order.
  const rates = {
    taxRateBps: restaurant.taxRateBps,
    serviceChargeBps: restaurant.serviceChargeBps,
    pricesIncludeTax: restaurant.pricesIncludeTax,
  };
  const parts = orderParts(
    lines.map((l) => ({ unitCents: l.unitCents, quantity: l.quantity })),
    rates,
  );

  const eventItems = lines.map((l) => ({
    menuItemId: l.item.id,
    name: l.item.name,
    quantity: l.quantity,
    category: l.item.category,
    station: l.station,
    notes: l.notes,
  }));
  const total = dualAmount(bill.total);
  const stations = STATIONS.filter((st) => lines.some((l) => l.station === st));

  try {
    return await runWork(ctx, guestActor(table), async (uow) => {
      const { tx } = uow;
      // An order is dated in today's business day, never refused for it: after a close it is
      // the next day's. Before any row lock, as every change takes it.
      const businessDate = await lockBusinessDay(tx, restaurant.id);
      // Lock order: the table (only when opening a session), the order counter, the event
      // counter last. Both counter rows are held only from here to the commit.
      const { session } = await openOrJoinSession(uow, table, 1);
      // The session is locked: no other order can join it between this sum and the insert.
      // The ceiling is on what the table pays (tax and service charge included).
      const [billed] = await tx
        .select({ cents: sumCents(billCentsOf) })
        .from(orders)
        .where(and(eq(orders.diningSessionId, session.id), ne(orders.status, 'cancelled')));
      if ((billed?.cents ?? 0) + parts.total > SESSION_MAX_TOTAL_CENTS) {
        throw conflict(
          `This table's bill has reached its limit of ${amountText(SESSION_MAX_TOTAL_CENTS, restaurant.currency)}; ask your waiter to settle it before ordering more`,
        );
      }
      const orderNumber = await nextCounter(tx, restaurant.id, 'order_number');
      const [order] = await tx
        .insert(orders)
        .values({
          restaurantId: restaurant.id,
          diningSessionId: session.id,
          tableId: table.id,
          orderNumber,
          totalCents,
          ...rates,
          surchargeCents: parts.total - totalCents,
          taxCents: parts.tax,
          serviceCents: parts.service,
          baseCurrency: restaurant.currency,
          currency: input.currency,
          exchangeRate: restaurant.exchangeRate,
          displayTotalCents,
          notes: input.notes ?? null,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: idempotencyKey ? hash : null,
          waiterId: session.waiterId ?? table.assignedWaiterId,
          businessDate,
        })
        .returning();
      if (!order) throw new Error('order insert returned nothing');
      uow.audit({
        action: 'order.placed',
        entityType: 'order',
        entityId: order.id,
        details: { orderNumber, tableNumber: table.number, lines: lines.length, totalCents },
      });

      await tx.insert(orderItems).values(
        lines.map((l) => ({
          restaurantId: restaurant.id,
          orderId: order.id,
          menuItemId: l.item.id,
          name: l.item.name,
          category: l.item.category,
          station: l.station,
          unitPriceCents: l.unitCents,
          quantity: l.quantity,
          lineTotalCents: l.lineCents,
          notes: l.notes,
        })),
      );
      const ticketRows = await tx
        .insert(tickets)
        .values(
          stations.map((station) => ({
            restaurantId: restaurant.id,
            orderId: order.id,
            station,
            estimatedMinutes: estimateTicketMinutes(
              station,
              lines.filter((l) => l.station === station).map((l) => l.item.preparationTime),
            ),
          })),
        )
        .returning();

      uow.emit({
        type: 'order_placed',
        data: {
          orderId: order.id,
          orderNumber,
          tableId: table.id,
          tableNumber: table.number,
          items: eventItems,
          total: total[restaurant.currency],
          currency: restaurant.currency,
          type: stations.includes('kitchen') ? 'food' : 'drinks',
        },
        tableId: table.id,
      });
      const waiter = await waiterName(tx, table.assignedWaiterId);
      for (const ticket of ticketRows) {
        const items = eventItems.filter((i) => i.station === ticket.station);
        uow.emit({
          type: ticket.station === 'kitchen' ? 'kitchen_order' : 'bar_order',
          data: {
            ticketId: ticket.id,
            orderId: order.id,
            orderNumber,
            tableId: table.id,
            tableNumber: table.number,
            items,
            estimatedTime: ticket.estimatedMinutes,
            orderTime: ticket.createdAt.toISOString(),
            priority: ticket.priority,
            customerCount: session.customerCount,
            ticket: {
              id: ticket.id,
              orderId: order.id,
              orderNumber,
              tableId: table.id,
              tableNumber: table.number,
              station: ticket.station,
              status: ticket.status,
              priority: ticket.priority,
              orderTime: ticket.createdAt.toISOString(),
              estimatedTime: ticket.estimatedMinutes,
              startTime: null,
              readyTime: null,
              servedTime: null,
              waiter,
              customerCount: session.customerCount,
              items: items.map(({ name, quantity, notes, category }) => ({
                name,
                quantity,
                notes,
                category,
              })),
            },
          },
          tableId: table.id,
        });
      }
      return toPlaced(order, bill.total, false);
    });
  } catch (error) {
    // Two retries racing with one key: the loser returns the winner's order.
    if (idempotencyKey && isUniqueViolation(error)) {
      const replayed = await replay(db, table.id, idempotencyKey, hash);
      if (replayed) return replayed;
    }
    throw error;
  }
}
