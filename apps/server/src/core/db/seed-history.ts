import {
  buildReceipt,
  derivedLineKey,
  lineSnapshot,
  orderParts,
  type ReceiptInput,
  stationFor,
  STATIONS,
  stationInfo,
  type BuiltInStation,
} from '@tavola/contract';
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { Tx } from './client.js';
import {
  counters,
  diningSessions,
  restaurants,
  menuItemOptionGroups,
  menuItems,
  orderItems,
  orders,
  payments,
  receipts,
  tables,
  tickets,
  users,
} from './schema.js';

/** How long the demo's tickets took to be ready at each station: from, plus up to spread, minutes. */
const DEMO_READY_MINUTES: Record<BuiltInStation, { from: number; spread: number }> = {
  kitchen: { from: 12, spread: 20 },
  bar: { from: 2, spread: 6 },
};

/** A small deterministic generator, so every fresh demo has the same history. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** How many days before today the demo's history starts (its restaurant was created then). */
export const DEMO_HISTORY_DAYS = 21;

const DAY_MS = 86_400_000;

/** Midnight UTC of the day `ms` falls on (the history's days; the restaurant is UTC+1 or +2). */
export const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * Settled tables for the demo restaurant (lunch and dinner, busier at weekends), so reports and
 * analytics have something to show: `days` days back and today up to `now`, on the first seed.
 * A demo started again on a later day is brought up to date the same way, from the day after
 * its latest order through today, so "today" always looks like a real day. Order and receipt
 * numbers continue from what is there.
 */
export async function seedDemoHistory(
  tx: Tx,
  restaurantId: string,
  days = DEMO_HISTORY_DAYS,
  at: Date = new Date(),
): Promise<number> {
  const [existing] = await tx
    .select({
      latest: sql<string | Date | null>`max(${orders.createdAt})`,
    })
    .from(orders)
    .where(eq(orders.restaurantId, restaurantId));
  const now = at.getTime();
  const today = utcDayStart(now);
  const since = existing?.latest ? new Date(existing.latest).getTime() : null;
  // Whole days only: a demo already used today keeps today as it is.
  if (since !== null && utcDayStart(since) >= today) return 0;
  const firstDay = Math.max(
    since === null ? -Infinity : utcDayStart(since) + DAY_MS,
    today - days * DAY_MS,
  );

  const rand = random(42);
  const menu = await tx
    .select()
    .from(menuItems)
    .where(
      and(
        eq(menuItems.restaurantId, restaurantId),
        eq(menuItems.available, true),
        // Items with options are left out: the history's lines are the plain items'.
        notExists(
          tx
            .select({ one: sql`1` })
            .from(menuItemOptionGroups)
            .where(eq(menuItemOptionGroups.menuItemId, menuItems.id)),
        ),
      ),
    );
  const tableRows = await tx.select().from(tables).where(eq(tables.restaurantId, restaurantId));
  const [waiter] = await tx.select().from(users).where(eq(users.username, 'waiter1'));
  // Bills carry the restaurant's tax and service charge, as live orders do.
  const [rates] = await tx
    .select({
      taxRateBps: restaurants.taxRateBps,
      serviceChargeBps: restaurants.serviceChargeBps,
      pricesIncludeTax: restaurants.pricesIncludeTax,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  const [restaurant] = await tx
    .select({ name: restaurants.name, timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (menu.length === 0 || tableRows.length === 0 || !rates || !restaurant) return 0;
  // Every paid bill has its receipt, as live payments do.
  const paid: { paymentId: string; receipt: Omit<ReceiptInput, 'number'> }[] = [];

  const food = menu.filter((m) => stationFor(m) === 'kitchen');
  const drinks = menu.filter((m) => stationFor(m) === 'bar');
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  // A first history is numbered from 1 (live orders then start above it); a later one continues
  // after the restaurant's last order and receipt numbers.
  const counterValue = async (name: 'order_number' | 'receipt_number') => {
    const [row] = await tx
      .select({ value: counters.value })
      .from(counters)
      .where(and(eq(counters.restaurantId, restaurantId), eq(counters.name, name)));
    return Number(row?.value ?? 0);
  };
  const firstOrderNumber = since === null ? 1 : (await counterValue('order_number')) + 1;
  const firstReceiptNumber = since === null ? 1 : (await counterValue('receipt_number')) + 1;
  let orderNumber = firstOrderNumber;

  // Today counts too, up to the sittings already paid by now.
  for (let dayStart = firstDay; dayStart <= today; dayStart += DAY_MS) {
    const date = new Date(dayStart);
    const weekend = date.getUTCDay() === 5 || date.getUTCDay() === 6;
    const sittings = (weekend ? 16 : 10) + Math.floor(rand() * 5);
    for (let i = 0; i < sittings; i++) {
      // Lunch 11:30–14:30 or dinner 18:30–22:30, restaurant time (UTC+1 is close enough here).
      const dinner = rand() < 0.65;
      const hour = dinner ? 17.5 + rand() * 4 : 10.5 + rand() * 3;
      const openedAt = new Date(
        Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) + hour * 3_600_000,
      );
      const table = pick(tableRows);
      const guests = 1 + Math.floor(rand() * Math.min(table.capacity, 6));
      const lines = new Map<string, { item: (typeof menu)[number]; quantity: number }>();
      for (let g = 0; g < guests; g++) {
        // Most guests eat and drink; some only drink, some only eat.
        const eats = rand() < 0.85;
        const drinks_ = rand() < 0.8 || !eats;
        const items = [...(eats ? [pick(food)] : []), ...(drinks_ ? [pick(drinks)] : [])];
        for (const item of items) {
          const line = lines.get(item.id) ?? { item, quantity: 0 };
          line.quantity += 1;
          lines.set(item.id, line);
        }
      }
      const stations = STATIONS.filter((station): station is BuiltInStation =>
        [...lines.values()].some((l) => stationFor(l.item) === station),
      );
      // Each station at its own pace: the bar pours in minutes, the kitchen cooks in a quarter
      // of an hour or more. The order is ready when its last ticket is.
      const stationReadyAt = new Map(
        stations.map((station) => [
          station,
          new Date(
            openedAt.getTime() +
              (DEMO_READY_MINUTES[station].from + rand() * DEMO_READY_MINUTES[station].spread) *
                60_000,
          ),
        ]),
      );
      const totalCents = [...lines.values()].reduce(
        (s, l) => s + l.item.priceCents * l.quantity,
        0,
      );
      const parts = orderParts(
        [...lines.values()].map((l) => ({ unitCents: l.item.priceCents, quantity: l.quantity })),
        rates,
      );
      const readyAt = new Date(Math.max(...[...stationReadyAt.values()].map((d) => d.getTime())));
      const servedAt = new Date(readyAt.getTime() + 3 * 60_000);
      const paidAt = new Date(openedAt.getTime() + (50 + rand() * 50) * 60_000);
      if (paidAt.getTime() > now || (since !== null && openedAt.getTime() <= since)) continue;

      const [session] = await tx
        .insert(diningSessions)
        .values({
          restaurantId,
          tableId: table.id,
          status: 'closed',
          paymentStatus: 'paid',
          customerCount: guests,
          waiterId: waiter?.id ?? null,
          openedAt,
          closedAt: paidAt,
        })
        .returning({ id: diningSessions.id });
      const [order] = await tx
        .insert(orders)
        .values({
          restaurantId,
          diningSessionId: session!.id,
          tableId: table.id,
          orderNumber: orderNumber++,
          status: 'paid',
          totalCents,
          ...rates,
          surchargeCents: parts.total - totalCents,
          taxCents: parts.tax,
          serviceCents: parts.service,
          baseCurrency: 'eur',
          currency: 'eur',
          exchangeRate: 1.08,
          displayTotalCents: totalCents,
          waiterId: waiter?.id ?? null,
          createdAt: openedAt,
          updatedAt: paidAt,
          readyAt,
          servedAt,
          paidAt,
          acknowledgedAt: openedAt,
        })
        .returning({ id: orders.id });
      await tx.insert(orderItems).values(
        [...lines.values()].map((l, i) => {
          // The demo's menu and restaurant are in euros: the unit is the menu price.
          const line = lineSnapshot(l.item, { key: derivedLineKey(i) }, 'eur', 1.08);
          return {
            restaurantId,
            orderId: order!.id,
            menuItemId: line.menuItemId,
            name: line.name,
            category: line.category,
            station: line.station,
            unitPriceCents: line.unitCents,
            lineKey: line.key,
            quantity: l.quantity,
            lineTotalCents: line.unitCents * l.quantity,
          };
        }),
      );
      await tx.insert(tickets).values(
        stations.map((station) => ({
          restaurantId,
          orderId: order!.id,
          station,
          status: 'served' as const,
          estimatedMinutes: stationInfo(station).defaultTicketMinutes,
          createdAt: openedAt,
          startedAt: openedAt,
          readyAt: stationReadyAt.get(station)!,
          servedAt,
        })),
      );
      const method = rand() < 0.7 ? 'card' : 'cash';
      const tipCents = Math.round(totalCents * (rand() < 0.5 ? 0 : 0.05 + rand() * 0.1));
      const [payment] = await tx
        .insert(payments)
        .values({
          restaurantId,
          diningSessionId: session!.id,
          tableId: table.id,
          method,
          amountCents: parts.total,
          tipCents,
          currency: 'eur',
          recordedBy: waiter?.id ?? null,
          createdAt: paidAt,
        })
        .returning({ id: payments.id });
      paid.push({
        paymentId: payment!.id,
        receipt: {
          restaurantName: restaurant.name,
          tableNumber: table.number,
          sessionId: session!.id,
          issuedAt: paidAt.toISOString(),
          timezone: restaurant.timezone,
          currency: 'eur',
          orders: [
            {
              orderNumber: orderNumber - 1,
              rates,
              parts,
              lines: [...lines.values()]
                .map((l) => ({
                  name: l.item.name,
                  unitCents: l.item.priceCents,
                  quantity: l.quantity,
                }))
                .sort((a, b) => a.name.localeCompare(b.name)),
            },
          ],
          tipCents,
          method,
          servedBy: waiter?.name ?? null,
        },
      });
    }
  }
  // Receipts numbered in the order the bills were paid; live payments continue after.
  paid.sort((a, b) => a.receipt.issuedAt.localeCompare(b.receipt.issuedAt));
  for (let start = 0; start < paid.length; start += 200) {
    await tx.insert(receipts).values(
      paid.slice(start, start + 200).map((p, i) => ({
        restaurantId,
        number: firstReceiptNumber + start + i,
        paymentId: p.paymentId,
        diningSessionId: p.receipt.sessionId,
        content: buildReceipt({ ...p.receipt, number: firstReceiptNumber + start + i }),
        issuedAt: new Date(p.receipt.issuedAt),
      })),
    );
  }
  const lastReceipt = firstReceiptNumber + paid.length - 1;
  if (paid.length > 0) {
    await tx
      .insert(counters)
      .values({ restaurantId, name: 'receipt_number', value: lastReceipt })
      .onConflictDoUpdate({
        target: [counters.restaurantId, counters.name],
        set: { value: sql`greatest(${counters.value}, ${lastReceipt})` },
      });
  }
  // Live orders continue the numbering after the history (a first history leaves a gap of
  // 1,000, so today's numbers stand apart from the seeded ones).
  const nextLive = since === null ? orderNumber + 1000 : orderNumber - 1;
  await tx
    .update(counters)
    .set({ value: sql`greatest(${counters.value}, ${nextLive})` })
    .where(and(eq(counters.restaurantId, restaurantId), eq(counters.name, 'order_number')));
  return orderNumber - firstOrderNumber;
}
