import {
  amountToCents,
  type OrderStatus,
  type Station,
  type TicketAction,
  type TicketStatus,
  type V1CreateOrderInput,
  type V1MenuItem,
  type V1Order,
} from '@tavola/contract';
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { ApiKeyActor } from '../../core/auth/actors.js';
import type { Db } from '../../core/db/client.js';
import {
  menuItems,
  orderItems,
  orders,
  payments,
  restaurants,
  tables,
  tickets,
} from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { WorkContext } from '../../core/events/unit-of-work.js';
import { businessToday, zReport } from '../business-days/index.js';
import { setMenuItemSale } from '../menu/index.js';
import {
  getTicketView,
  placeOrder,
  requestHash,
  ticketViews,
  type TicketView,
} from '../orders/index.js';
import { transitionTicket } from '../tickets/index.js';

const iso = (d: Date) => d.toISOString();

function toMenuItem(row: typeof menuItems.$inferSelect): V1MenuItem {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    priceCents: row.priceCents,
    currency: row.currency,
    available: row.available,
  };
}

export async function listMenu(db: Db, restaurantId: string): Promise<V1MenuItem[]> {
  const rows = await db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt)))
    .orderBy(asc(menuItems.category), asc(menuItems.sortOrder), asc(menuItems.name));
  return rows.map(toMenuItem);
}

export async function updateMenuItem(
  ctx: WorkContext,
  actor: ApiKeyActor,
  id: string,
  patch: { available?: boolean | undefined; priceCents?: number | undefined },
): Promise<V1MenuItem> {
  await setMenuItemSale(ctx, actor, id, patch);
  const [row] = await ctx.db
    .select()
    .from(menuItems)
    .where(and(eq(menuItems.id, id), eq(menuItems.restaurantId, actor.restaurantId)));
  if (!row) throw refuse('MENU_ITEM_NOT_FOUND');
  return toMenuItem(row);
}

export async function listTables(db: Db, restaurantId: string) {
  const rows = await db
    .select({
      id: tables.id,
      number: tables.number,
      capacity: tables.capacity,
      status: tables.status,
    })
    .from(tables)
    .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
    .orderBy(asc(tables.number));
  return rows;
}

/** An order page's place: the last order's time and id, opaque to the caller. */
function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [time, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(time ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime())) {
    throw refuse('REQUEST_INVALID');
  }
  return { createdAt, id };
}

type OrderRow = {
  id: string;
  number: number;
  status: OrderStatus;
  tableId: string | null;
  tableNumber: number | null;
  totalCents: number;
  currency: V1Order['currency'];
  notes: string | null;
  createdAt: Date;
};

const orderColumns = {
  id: orders.id,
  number: orders.orderNumber,
  status: orders.status,
  tableId: orders.tableId,
  tableNumber: tables.number,
  totalCents: orders.totalCents,
  currency: orders.baseCurrency,
  notes: orders.notes,
  createdAt: orders.createdAt,
};

async function withLines(db: Db, rows: OrderRow[]): Promise<V1Order[]> {
  if (rows.length === 0) return [];
  const lines = await db
    .select({
      id: orderItems.id,
      orderId: orderItems.orderId,
      menuItemId: orderItems.menuItemId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      voidedQuantity: orderItems.voidedQuantity,
      unitPriceCents: orderItems.unitPriceCents,
      notes: orderItems.notes,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.id));
  return rows.map((r) => ({
    ...r,
    createdAt: iso(r.createdAt),
    lines: lines.filter((l) => l.orderId === r.id).map(({ orderId: _orderId, ...line }) => line),
  }));
}

export async function listOrders(
  db: Db,
  restaurantId: string,
  query: { since?: string; until?: string; status?: string; limit: number; cursor?: string },
): Promise<{ orders: V1Order[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const statuses = query.status ? (query.status.split(',') as OrderStatus[]) : null;
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(tables, eq(tables.id, orders.tableId))
    .where(
      and(
        eq(orders.restaurantId, restaurantId),
        query.since ? gte(orders.createdAt, new Date(query.since)) : undefined,
        query.until ? lt(orders.createdAt, new Date(query.until)) : undefined,
        statuses ? inArray(orders.status, statuses) : undefined,
        // Keyset paging: newest first, ties broken by id, so an order placed while a caller
        // pages never shifts or repeats a page.
        after
          ? or(
              lt(orders.createdAt, after.createdAt),
              and(eq(orders.createdAt, after.createdAt), lt(orders.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    orders: await withLines(db, page),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last.createdAt, last.id) : null,
  };
}

export async function getOrder(db: Db, restaurantId: string, id: string): Promise<V1Order> {
  const rows = await db
    .select(orderColumns)
    .from(orders)
    .leftJoin(tables, eq(tables.id, orders.tableId))
    .where(and(eq(orders.id, id), eq(orders.restaurantId, restaurantId)));
  const [order] = await withLines(db, rows);
  if (!order) throw refuse('ORDER_NOT_FOUND');
  return order;
}

/**
 * An integration places an order at a table: the guest's path (priced from the menu, tickets
 * per station, the table's one bill), as the key. It takes no table from a waiter.
 */
export async function createOrder(
  ctx: WorkContext,
  actor: ApiKeyActor,
  input: V1CreateOrderInput,
  idempotencyKey: string | undefined,
): Promise<{ order: V1Order; replayed: boolean }> {
  const [row] = await ctx.db
    .select({ table: tables, restaurant: restaurants })
    .from(tables)
    .innerJoin(restaurants, eq(tables.restaurantId, restaurants.id))
    .where(
      and(
        eq(tables.id, input.tableId),
        eq(tables.restaurantId, actor.restaurantId),
        isNull(tables.archivedAt),
      ),
    );
  if (!row) throw refuse('TABLE_NOT_FOUND');
  const { table, restaurant } = row;
  if (input.guests !== undefined && input.guests > restaurant.maxTableCapacity) {
    throw refuse('GUEST_COUNT_ABOVE_MAX', { max: restaurant.maxTableCapacity });
  }
  const placed = await placeOrder(ctx, {
    restaurant,
    destination: { kind: 'table', table, guests: input.guests ?? 1 },
    items: input.items,
    currency: restaurant.currency,
    notes: input.notes,
    idempotencyKey,
    hash: requestHash({ apiKey: actor.apiKeyId, ...input }),
    actor,
    enteredBy: null,
    openItems: false,
  });
  return {
    order: await getOrder(ctx.db, actor.restaurantId, placed.orderId),
    replayed: placed.replayed,
  };
}

function toTicket(view: TicketView) {
  return {
    id: view.id,
    orderId: view.orderId,
    orderNumber: view.orderNumber,
    tableNumber: view.tableNumber,
    station: view.station,
    status: view.status,
    createdAt: view.orderTime,
    lines: view.items.map((i) => ({ name: i.name, quantity: i.quantity, notes: i.notes })),
  };
}

/** The open tickets (not served), oldest first, of one station or both. */
export async function listTickets(db: Db, restaurantId: string, station?: Station) {
  const views = await ticketViews(
    db,
    restaurantId,
    and(ne(tickets.status, 'served'), station ? eq(tickets.station, station) : undefined),
  );
  return views
    .sort((a, b) => a.orderTime.localeCompare(b.orderTime) || a.id.localeCompare(b.id))
    .map(toTicket);
}

const BUMP: Partial<Record<TicketStatus, TicketAction>> = {
  new: 'start',
  preparing: 'ready',
  ready: 'served',
};

/**
 * Moves a ticket one step on. The move is conditional on the status it starts from (as a cook's
 * is), so two bumps racing move it once each step, never twice past one.
 */
export async function bumpTicket(
  ctx: WorkContext,
  actor: ApiKeyActor,
  id: string,
  seen: TicketStatus | undefined,
) {
  const current = await getTicketView(ctx.db, actor.restaurantId, id);
  if (!current) throw refuse('TICKET_NOT_FOUND');
  const status = seen ?? current.status;
  const action = BUMP[status];
  if (!action || status !== current.status) {
    throw refuse('TICKET_ACTION_REFUSED', { action: action ?? 'bump', status: current.status });
  }
  return toTicket(await transitionTicket(ctx, actor, id, action));
}

export async function listPayments(db: Db, restaurantId: string, date: string | undefined) {
  const day = date ?? (await businessToday(db, restaurantId));
  const rows = await db
    .select({
      id: payments.id,
      billId: payments.diningSessionId,
      tableId: payments.tableId,
      method: payments.method,
      status: payments.status,
      amountCents: payments.amountCents,
      tipCents: payments.tipCents,
      currency: payments.currency,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .where(and(eq(payments.restaurantId, restaurantId), eq(payments.businessDate, day)))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return { date: day, payments: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt) })) };
}

const cents = (amount: number) => amountToCents(amount) ?? 0;

export async function dailyFigures(db: Db, restaurantId: string, date: string | undefined) {
  const { report } = await zReport(db, restaurantId, date);
  return {
    date: report.date,
    status: report.status,
    currency: report.currency,
    orders: { count: report.orders.count, totalCents: cents(report.orders.total) },
    bills: { count: report.bills.count, totalCents: cents(report.bills.total) },
    payments: {
      count: report.payments.count,
      totalCents: cents(report.payments.total),
      tipsCents: cents(report.payments.tips),
    },
    openBills: { count: report.openBills.count, totalCents: cents(report.openBills.total) },
  };
}

export async function zReportOf(db: Db, restaurantId: string, date: string | undefined) {
  return (await zReport(db, restaurantId, date)).report;
}
