import {
  estimateTicketMinutes,
  ORDER_MAX_QUANTITY,
  priceIn,
  stationFor,
  type DomainEvent,
  type PlaceOrderInput,
  type PlacedOrder,
} from '@tavola/contract';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { menuItems, orderItems, orders, tickets } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { nextCounter, recordEvents, type EventInput } from '../events/recorder.js';
import { dualPrice, isUniqueViolation, openOrJoinSession } from '../sessions/service.js';
import { resolvePublicTable } from '../tables/public-table.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type OrderRow = typeof orders.$inferSelect;

function toPlaced(order: OrderRow, sessionId: string, replayed: boolean): PlacedOrder {
  const money = { currency: order.baseCurrency, exchangeRate: order.exchangeRate };
  return {
    order_number: order.orderNumber,
    orderId: order.id,
    sessionId,
    status: order.status,
    currency: order.currency,
    total: dualPrice(order.totalCents, money),
    replayed,
  };
}

async function findByIdempotencyKey(db: Db, restaurantId: string, key: string) {
  const [existing] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.restaurantId, restaurantId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return existing ?? null;
}

/**
 * Places a guest's order: every line checked against this restaurant's menu, prices taken from
 * the database, an order number, its items and one ticket per station written in one transaction
 * with their events. A retry with the same Idempotency-Key returns the first order.
 */
export async function placePublicOrder(
  db: Db,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ order: PlacedOrder; events: DomainEvent[] }> {
  const { table, restaurant } = await resolvePublicTable(db, input.token);

  if (idempotencyKey) {
    const existing = await findByIdempotencyKey(db, restaurant.id, idempotencyKey);
    if (existing) return { order: toPlaced(existing, existing.diningSessionId, true), events: [] };
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
  const found = await db
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.restaurantId, restaurant.id),
        inArray(menuItems.id, ids),
        isNull(menuItems.deletedAt),
      ),
    );
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
    const unitCents = priceIn(
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
  const displayTotalCents = lines.reduce(
    (sum, l) =>
      sum +
      priceIn(l.unitCents, restaurant.currency, input.currency, restaurant.exchangeRate) *
        l.quantity,
    0,
  );

  const eventItems = lines.map((l) => ({
    menuItemId: l.item.id,
    name: l.item.name,
    quantity: l.quantity,
    category: l.item.category,
    station: l.station,
    notes: l.notes,
  }));
  const total = dualPrice(totalCents, restaurant);
  const stations = (['kitchen', 'bar'] as const).filter((st) =>
    lines.some((l) => l.station === st),
  );

  try {
    return await db.transaction(async (tx) => {
      const pending: EventInput[] = [];
      // Lock order: the table (only when opening a session), the order counter, the event
      // counter last. Both counter rows are held only from here to the commit.
      const { session } = await openOrJoinSession(tx, table, 1, pending);
      const orderNumber = await nextCounter(tx, restaurant.id, 'order_number');
      const [order] = await tx
        .insert(orders)
        .values({
          restaurantId: restaurant.id,
          diningSessionId: session.id,
          tableId: table.id,
          orderNumber,
          totalCents,
          baseCurrency: restaurant.currency,
          currency: input.currency,
          exchangeRate: restaurant.exchangeRate,
          displayTotalCents,
          notes: input.notes ?? null,
          idempotencyKey: idempotencyKey ?? null,
          waiterId: session.waiterId ?? table.assignedWaiterId,
        })
        .returning();
      if (!order) throw new Error('order insert returned nothing');

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

      pending.push({
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
      for (const ticket of ticketRows) {
        pending.push({
          type: ticket.station === 'kitchen' ? 'kitchen_order' : 'bar_order',
          data: {
            ticketId: ticket.id,
            orderId: order.id,
            orderNumber,
            tableId: table.id,
            tableNumber: table.number,
            items: eventItems.filter((i) => i.station === ticket.station),
            estimatedTime: ticket.estimatedMinutes,
            orderTime: ticket.createdAt.toISOString(),
            priority: ticket.priority,
            customerCount: session.customerCount,
          },
          tableId: table.id,
        });
      }
      const events = await recordEvents(tx, restaurant.id, pending);
      return { order: toPlaced(order, session.id, false), events };
    });
  } catch (error) {
    // Two retries racing with one key: the loser returns the winner's order.
    if (idempotencyKey && isUniqueViolation(error)) {
      const existing = await findByIdempotencyKey(db, restaurant.id, idempotencyKey);
      if (existing)
        return { order: toPlaced(existing, existing.diningSessionId, true), events: [] };
    }
    throw error;
  }
}
