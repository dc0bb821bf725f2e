import {
  courseName,
  firstCourse,
  centsToAmount,
  checkOptionSelection,
  type Currency,
  defaultOptionPicks,
  derivedLineKey,
  dualAmount,
  dualBill,
  estimateTicketMinutes,
  eventLine,
  type LineSnapshot,
  lineSnapshot,
  openLineSnapshot,
  type OpenItemInput,
  type OptionPickInput,
  ORDER_MAX_QUANTITY,
  ORDER_MAX_TOTAL_CENTS,
  orderParts,
  SESSION_MAX_TOTAL_CENTS,
  type DualCents,
  type PlaceOrderInput,
  type PlacedOrder,
  defaultStationFor,
  ticketLine,
  orderKindFor,
  stationInfo,
} from '@tavola/contract';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../core/db/client.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { type Actor, guestActor } from '../../core/auth/actors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import {
  diningSessions,
  orderItems,
  orders,
  type restaurants,
  type tables,
  tickets,
  users,
} from '../../core/db/schema.js';
import { sumCents } from '../../core/db/money.js';
import { billCentsOf } from './charges.js';
import { snapshotColumns } from './lines.js';
import { placeOf } from './place.js';
import { refuse } from '../../core/http/errors.js';
import { counterBump, rowsOf } from '../../core/events/recorder.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { joinCheck, openOrJoinSession } from '../dining-sessions/index.js';
import { resolvePublicTable } from '../tables/index.js';
import { lockBusinessDay } from '../business-days/index.js';
import { itemOptionGroups, menuItemsWithCategoryStation } from '../menu/index.js';
import { stationFacts } from '../stations/index.js';
import { listCourses } from '../courses/index.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type OrderRow = typeof orders.$inferSelect;
type TicketRow = typeof tickets.$inferSelect;

function toPlaced(
  order: Pick<OrderRow, 'orderNumber' | 'id' | 'diningSessionId' | 'status' | 'currency'>,
  total: DualCents,
  replayed: boolean,
): PlacedOrder {
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
async function waiterName(db: DbOrTx, waiterId: string | null): Promise<string | null> {
  if (!waiterId) return null;
  const [row] = await userName(db).execute({ id: waiterId });
  return row?.name ?? null;
}

const userName = preparedQuery((db) =>
  db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('order_waiter_name'),
);

/** The order a key placed at a table (or on a tab), with its bill's status: prepared once. */
const keyedOrder = (scope: 'table' | 'tab') =>
  preparedQuery((db) =>
    db
      .select({ order: orders, sessionStatus: diningSessions.status })
      .from(orders)
      .innerJoin(diningSessions, eq(orders.diningSessionId, diningSessions.id))
      .where(
        and(
          scope === 'table'
            ? eq(orders.tableId, sql.placeholder('scope'))
            : and(eq(orders.diningSessionId, sql.placeholder('scope')), isNull(orders.tableId)),
          eq(orders.idempotencyKey, sql.placeholder('key')),
        ),
      )
      .limit(1)
      .prepare(`order_by_key_${scope}`),
  );
const keyedOrderAt = { table: keyedOrder('table'), tab: keyedOrder('tab') };

/** The request a key was first used with, so a replay can be told from a different order. */
export function requestHash(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/**
 * The order this table's (or this tab's) bill placed with this Idempotency-Key: the first answer
 * again when the request is the same, a 422 when the key comes back with another order. Keys
 * belong to a table (or a tab): the same key at another table is another guest's order, and a
 * key of a bill already closed never answers with that party's order (nor places it twice).
 */
async function replay(db: Db, where: Destination, key: string, hash: string) {
  const [row] = await keyedOrderAt[where.kind](db).execute({
    scope: where.kind === 'table' ? where.table.id : where.sessionId,
    key,
  });
  if (!row) return null;
  const existing = row.order;
  if (row.sessionStatus !== 'open') {
    throw refuse('IDEMPOTENCY_KEY_BILL_CLOSED');
  }
  if (existing.requestHash !== null && existing.requestHash !== hash) {
    throw refuse('IDEMPOTENCY_KEY_REUSED');
  }
  const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, existing.id));
  const bill = dualBill(
    [lines.map((l) => ({ unitCents: l.unitPriceCents, quantity: l.quantity - l.voidedQuantity }))],
    existing.baseCurrency,
    existing.exchangeRate,
  );
  return toPlaced(existing, bill.total, true);
}

/** An amount as refusals name it: `{ amount: '500.00', currency: 'EUR' }`. */
const amountParams = (cents: number, currency: string) => ({
  amount: centsToAmount(cents).toFixed(2),
  currency: currency.toUpperCase(),
});

type TableRow = typeof tables.$inferSelect;
type RestaurantRow = typeof restaurants.$inferSelect;
type SessionRow = typeof diningSessions.$inferSelect;

/**
 * Where an order goes: a table's one bill (joined, or opened for `guests`), or an open tab. A
 * staff order at a table first takes the table (`takeTable`: held by another waiter is refused,
 * nobody's becomes the waiter's), inside the order's unit of work and before its session.
 */
export type Destination =
  | {
      kind: 'table';
      table: TableRow;
      guests: number;
      takeTable?: (uow: UnitOfWork) => Promise<TableRow>;
      /** A check split off the table's bill (staff only); the table's own bill when absent. */
      checkNumber?: number;
    }
  | { kind: 'tab'; sessionId: string };

/** One line as a guest's phone or a member of staff sends it. */
export interface LineRequest {
  menuItemId?: string | undefined;
  openItem?: OpenItemInput | undefined;
  quantity: number;
  notes?: string | undefined;
  key?: string | undefined;
  seat?: number | undefined;
  course?: number | undefined;
  /** The options picked; left out, the item's default picks. */
  options?: readonly OptionPickInput[] | undefined;
}

export interface OrderRequest {
  restaurant: RestaurantRow;
  destination: Destination;
  items: readonly LineRequest[];
  /** The currency the answer's total is shown in. */
  currency: Currency;
  notes?: string | undefined;
  /** The guest's allergies, for every ticket; blank is none. */
  allergyNote?: string | undefined;
  idempotencyKey?: string | undefined;
  /** What the key's first request was (`requestHash`), so a different one is refused. */
  hash: string;
  actor: Actor;
  /** The member of staff ringing it up; null for the guest's own phone. */
  enteredBy: { id: string; name: string } | null;
  /** Whether open-priced lines are allowed (staff with `open_items`). */
  openItems: boolean;
}

interface PricedLine {
  snapshot: LineSnapshot;
  quantity: number;
  unitCents: number;
  lineCents: number;
  station: LineSnapshot['station'];
  preparationMinutes: number | null;
}

/**
 * Every line checked against this restaurant's menu (prices from the database, never from the
 * client) or, for an open-priced line, as typed by staff allowed to. Each line stays a line of its
 * own (the same item twice with different notes is two lines); a client that sends no line keys
 * gets one derived per line.
 */
async function priceLines(db: Db, request: OrderRequest): Promise<PricedLine[]> {
  const { restaurant } = request;
  const menuIds: string[] = [];
  for (const line of request.items) {
    if (line.openItem) {
      if (!request.openItems) throw refuse('OPEN_ITEM_NOT_ALLOWED');
      continue;
    }
    const id = line.menuItemId ?? '';
    if (!UUID.test(id)) throw refuse('MENU_ITEM_UNKNOWN', { id });
    menuIds.push(id.toLowerCase());
  }
  const ids = [...new Set(menuIds)];
  const [found, groupsOf] = ids.length
    ? await Promise.all([
        menuItemsWithCategoryStation(db, restaurant.id, ids),
        itemOptionGroups(db, restaurant.id, ids),
      ])
    : [[], new Map<string, never[]>()];
  const byId = new Map(found.map((m) => [m.id, m]));
  // At most ORDER_MAX_QUANTITY of one item in one order, however many lines it is on.
  const perItem = new Map<string, number>();
  return request.items.map((line, index) => {
    const choice = {
      key: line.key ?? derivedLineKey(index),
      notes: line.notes,
      seat: line.seat,
      course: line.course,
    };
    let snapshot: LineSnapshot;
    let preparationMinutes: number | null = null;
    if (line.openItem) {
      snapshot = openLineSnapshot(line.openItem, choice);
    } else {
      const id = (line.menuItemId ?? '').toLowerCase();
      const item = byId.get(id);
      if (!item) throw refuse('MENU_ITEM_UNKNOWN', { id });
      if (!item.available) throw refuse('MENU_ITEM_UNAVAILABLE', { item: item.name });
      const ofItem = (perItem.get(id) ?? 0) + line.quantity;
      perItem.set(id, ofItem);
      if (ofItem > ORDER_MAX_QUANTITY) {
        throw refuse('ORDER_QUANTITY_ABOVE_MAX', { item: item.name, max: ORDER_MAX_QUANTITY });
      }
      // Every pick checked against the item's groups, priced from the database.
      const groups = groupsOf.get(id) ?? [];
      const picked = checkOptionSelection(
        item.name,
        groups,
        line.options ?? defaultOptionPicks(groups),
      );
      if (!picked.ok) throw refuse(picked.problem.code, picked.problem.params);
      // Menu prices are in the item's currency; bills are in the restaurant's. A line without a
      // course (every guest's) takes the item's.
      snapshot = lineSnapshot(
        item,
        { ...choice, course: choice.course ?? item.course ?? undefined, options: picked.options },
        restaurant.currency,
        restaurant.exchangeRate,
      );
      preparationMinutes = item.preparationTime;
    }
    return {
      snapshot,
      quantity: line.quantity,
      unitCents: snapshot.unitCents,
      lineCents: snapshot.unitCents * line.quantity,
      station: snapshot.station,
      preparationMinutes,
    };
  });
}

/**
 * The open tab an order joins, locked until the transaction ends (as a table's session is by
 * `openOrJoinSession`) and marked active now.
 */
async function joinTab(uow: UnitOfWork, sessionId: string): Promise<SessionRow> {
  const { tx } = uow;
  const [tab] = await tx
    .select({ id: diningSessions.id, status: diningSessions.status })
    .from(diningSessions)
    .where(
      and(
        eq(diningSessions.id, sessionId),
        eq(diningSessions.restaurantId, uow.restaurantId),
        isNull(diningSessions.tableId),
      ),
    )
    .for('no key update');
  if (!tab) throw refuse('TAB_NOT_FOUND');
  if (tab.status !== 'open') throw refuse('TAB_CLOSED');
  const [touched] = await tx
    .update(diningSessions)
    .set({ lastActivityAt: new Date() })
    .where(eq(diningSessions.id, sessionId))
    .returning();
  if (!touched) throw refuse('TAB_NOT_FOUND');
  return touched;
}

/**
 * Places an order, from a guest's phone or rung up by staff, at a table or on a tab: every line
 * priced from the database (or typed, for an open-priced line), an order number, its items and
 * one ticket per station written in one transaction with their events and audit entry, as the
 * actor. A retry with the same Idempotency-Key returns the first order.
 */
export async function placeOrder(ctx: WorkContext, request: OrderRequest): Promise<PlacedOrder> {
  const { db } = ctx;
  const { restaurant, destination, idempotencyKey, hash } = request;

  // What the order needs from the database before its transaction, read at once: a replay of
  // the key comes first (a retry returns its first order even if the menu changed since).
  const prefetchedWaiterId =
    destination.kind === 'table' ? destination.table.assignedWaiterId : null;
  const [replayed, reads] = await Promise.all([
    idempotencyKey ? replay(db, destination, idempotencyKey, hash) : null,
    Promise.all([
      priceLines(db, request),
      stationFacts(db, restaurant.id),
      listCourses(db, restaurant.id),
      waiterName(db, prefetchedWaiterId),
    ]).catch((error: unknown) => ({ error })),
  ]);
  if (replayed) return replayed;
  if ('error' in reads) throw reads.error;
  const [lines, facts, courses, prefetchedWaiter] = reads;
  for (const line of lines) {
    if (facts.get(line.station)?.active) continue;
    // An open-priced line names its station; a menu line routed to a station deactivated since
    // goes where its category's default sends it.
    if (!line.snapshot.menuItemId) throw refuse('STATION_NOT_FOUND', { station: line.station });
    line.station = defaultStationFor(line.snapshot.category);
    line.snapshot = { ...line.snapshot, station: line.station };
  }
  // The order's first course (and lines of none) go to the stations now; later courses are held
  // until fired (docs/decisions/0018).
  const first = firstCourse(
    courses,
    lines.map((l) => l.snapshot.course),
  );
  const heldLine = (l: PricedLine) => l.snapshot.course !== null && l.snapshot.course !== first;
  const totalCents = lines.reduce((sum, l) => sum + l.lineCents, 0);
  if (totalCents > ORDER_MAX_TOTAL_CENTS) {
    throw refuse('ORDER_TOTAL_ABOVE_MAX', amountParams(ORDER_MAX_TOTAL_CENTS, restaurant.currency));
  }
  const bill = dualBill(
    [lines.map((l) => ({ unitCents: l.unitCents, quantity: l.quantity }))],
    restaurant.currency,
    restaurant.exchangeRate,
  );
  const displayTotalCents = bill.total[request.currency];
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

  const eventItems = lines.map((l) => eventLine(l.snapshot, l.quantity));
  const total = dualAmount(bill.total);
  // One ticket per station the lines go to, in the stations' display order.
  const stations = [...new Set(lines.map((l) => l.station))].sort(
    (a, b) => (facts.get(a)?.displayOrder ?? 0) - (facts.get(b)?.displayOrder ?? 0),
  );
  const allergyNote = request.allergyNote || null;
  const allergyData = allergyNote ? { allergyNote } : {};

  try {
    return await runWork(ctx, request.actor, async (uow) => {
      const { tx } = uow;
      // An order is dated in today's business day, never refused for it: after a close it is
      // the next day's. Before any row lock, as every change takes it.
      const businessDate = await lockBusinessDay(tx, restaurant.id);
      // Lock order: the table row (only staff taking it), the session (the table's, opened if
      // need be; or the tab), the order counter, the event counter last. Both counter rows are
      // held only from here to the commit.
      let table: TableRow | null = null;
      let session: SessionRow;
      if (destination.kind === 'table') {
        table = destination.takeTable ? await destination.takeTable(uow) : destination.table;
        ({ session } =
          destination.checkNumber && destination.checkNumber > 1
            ? { session: await joinCheck(uow, table, destination.checkNumber) }
            : await openOrJoinSession(uow, table, destination.guests));
      } else {
        session = await joinTab(uow, destination.sessionId);
      }
      const place = placeOf(session, table);
      // The session is locked: no other order can join it between this sum and the insert.
      // The ceiling is on what the table pays (tax and service charge included).
      const [billed] = await tx
        .select({ cents: sumCents(billCentsOf) })
        .from(orders)
        .where(and(eq(orders.diningSessionId, session.id), ne(orders.status, 'cancelled')));
      if ((billed?.cents ?? 0) + parts.total > SESSION_MAX_TOTAL_CENTS) {
        throw refuse(
          'BILL_TOTAL_LIMIT_REACHED',
          amountParams(SESSION_MAX_TOTAL_CENTS, restaurant.currency),
        );
      }
      const waiterId = session.waiterId ?? table?.assignedWaiterId ?? null;
      // The order, its lines and its tickets in one statement that also takes the order
      // number: the number's counter row (and the restaurant's daily totals, which the order's
      // insert updates) are locked from here to the commit, which follows the events' one
      // statement. Ids are made here so the lines and tickets need no answer first.
      const orderId = randomUUID();
      const orderInsert = tx
        .insert(orders)
        .values({
          id: orderId,
          restaurantId: restaurant.id,
          diningSessionId: session.id,
          tableId: table?.id ?? null,
          orderNumber: sql`(select value from order_number)`,
          totalCents,
          ...rates,
          surchargeCents: parts.total - totalCents,
          taxCents: parts.tax,
          serviceCents: parts.service,
          baseCurrency: restaurant.currency,
          currency: request.currency,
          exchangeRate: restaurant.exchangeRate,
          displayTotalCents,
          notes: request.notes ?? null,
          allergyNote,
          idempotencyKey: idempotencyKey ?? null,
          requestHash: idempotencyKey ? hash : null,
          waiterId,
          businessDate,
        })
        .returning({ status: orders.status });
      const linesInsert = tx.insert(orderItems).values(
        lines.map((l) => ({
          restaurantId: restaurant.id,
          orderId,
          ...snapshotColumns(l.snapshot),
          quantity: l.quantity,
          lineTotalCents: l.lineCents,
          held: heldLine(l),
          enteredBy: request.enteredBy?.id ?? null,
          enteredByName: request.enteredBy?.name ?? null,
        })),
      );
      const ticketsInsert = tx
        .insert(tickets)
        .values(
          stations.map((station) => ({
            id: randomUUID(),
            restaurantId: restaurant.id,
            orderId,
            station,
            estimatedMinutes: estimateTicketMinutes(
              station,
              lines.filter((l) => l.station === station).map((l) => l.preparationMinutes),
              facts.get(station)?.ticketMinutes,
            ),
          })),
        )
        .returning({
          id: tickets.id,
          station: tickets.station,
          status: tickets.status,
          priority: tickets.priority,
          estimatedMinutes: tickets.estimatedMinutes,
          createdMs: sql`(extract(epoch from ${tickets.createdAt}) * 1000)::float8`.as(
            'created_ms',
          ),
        });
      const written = rowsOf<{
        order_number: number | string;
        order_status: OrderRow['status'];
        id: string;
        station: string;
        status: TicketRow['status'];
        priority: TicketRow['priority'];
        estimated_minutes: number;
        created_ms: number | string;
      }>(
        await tx.execute(
          sql`with order_number as ${counterBump(tx, restaurant.id, 'order_number')},
            placed as ${orderInsert}, placed_lines as ${linesInsert}, placed_tickets as ${ticketsInsert}
            select (select value from order_number) as order_number,
              (select status from placed) as order_status, placed_tickets.*
            from placed_tickets`,
        ),
      );
      const orderNumber = Number(written[0]?.order_number);
      if (!written[0] || !Number.isInteger(orderNumber))
        throw new Error('order insert returned nothing');
      const order = {
        id: orderId,
        orderNumber,
        diningSessionId: session.id,
        status: written[0].order_status,
        currency: request.currency,
      };
      // The stations' display order, as the tickets were written.
      const ticketRows = stations.map((station) => {
        const row = written.find((w) => w.station === station);
        if (!row) throw new Error(`ticket for ${station} not written`);
        return {
          id: row.id,
          station,
          status: row.status,
          priority: row.priority,
          estimatedMinutes: Number(row.estimated_minutes),
          createdAt: new Date(Number(row.created_ms)),
        };
      });
      uow.audit({
        action: 'order.placed',
        entityType: 'order',
        entityId: order.id,
        details: {
          orderNumber,
          ...(table
            ? { tableNumber: table.number }
            : { orderType: place.orderType, tab: place.tab?.name }),
          lines: lines.length,
          totalCents,
          ...(lines.some((l) => l.snapshot.menuItemId === null)
            ? { openItems: lines.filter((l) => l.snapshot.menuItemId === null).length }
            : {}),
        },
      });

      uow.emit({
        type: 'order_placed',
        data: {
          orderId: order.id,
          orderNumber,
          ...place,
          items: eventItems,
          total: total[restaurant.currency],
          currency: restaurant.currency,
          type: orderKindFor(stations),
          ...allergyData,
        },
        tableId: place.tableId,
      });
      const ticketWaiterId = table ? table.assignedWaiterId : session.waiterId;
      const waiter =
        table && ticketWaiterId === prefetchedWaiterId
          ? prefetchedWaiter
          : await waiterName(tx, ticketWaiterId);
      for (const ticket of ticketRows) {
        const items = eventItems.filter((i) => i.station === ticket.station);
        uow.emit({
          type: stationInfo(ticket.station).newTicketEvent,
          data: {
            ticketId: ticket.id,
            station: ticket.station,
            orderId: order.id,
            orderNumber,
            ...place,
            items,
            estimatedTime: ticket.estimatedMinutes,
            orderTime: ticket.createdAt.toISOString(),
            priority: ticket.priority,
            customerCount: session.customerCount,
            ...allergyData,
            ticket: {
              id: ticket.id,
              orderId: order.id,
              orderNumber,
              ...place,
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
              items: lines
                .filter((l) => l.station === ticket.station)
                .map((l) => ({
                  ...ticketLine(l.snapshot, l.quantity),
                  ...(l.snapshot.course !== null
                    ? { courseName: courseName(courses, l.snapshot.course) }
                    : {}),
                  ...(heldLine(l) ? { held: true } : {}),
                })),
              ...(lines.filter((l) => l.station === ticket.station).every(heldLine)
                ? { held: true }
                : {}),
              allergyNote,
            },
          },
          tableId: place.tableId,
        });
      }
      return toPlaced(order, bill.total, false);
    });
  } catch (error) {
    // Two retries racing with one key: the loser returns the winner's order.
    if (idempotencyKey && isUniqueViolation(error)) {
      const replayed = await replay(db, destination, idempotencyKey, hash);
      if (replayed) return replayed;
    }
    throw error;
  }
}

/**
 * Places a guest's order from the table's code: the guest's phone, at their table, as the guest.
 * A retry with the same Idempotency-Key returns the first order.
 */
export async function placePublicOrder(
  ctx: WorkContext,
  input: PlaceOrderInput,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  const { table, restaurant } = await resolvePublicTable(ctx.db, input.token);
  return placeOrder(ctx, {
    restaurant,
    destination: { kind: 'table', table, guests: 1 },
    items: input.items,
    currency: input.currency,
    notes: input.notes,
    allergyNote: input.allergyNote,
    idempotencyKey,
    hash: requestHash(input),
    actor: guestActor(table),
    enteredBy: null,
    openItems: false,
  });
}
