import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  businessDaysRoutes,
  checkOptionSelection,
  diningSessionsRoutes,
  discountsRoutes,
  integrationsRoutes,
  menuRoutes,
  optionGroupRule,
  ordersRoutes,
  paymentsRoutes,
  periodReportRoutes,
  settingsRoutes,
  tablesRoutes,
  tabsRoutes,
  type OptionPick,
  type OrderType,
  type PaySplitInput,
  type RouteInput,
  type StaffOrderLineInput,
  type TabType,
} from '@tavola/contract';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discounts, events, menuItems, orderItems } from '../core/db/schema.js';
import { noonZone } from '../testing/business-day.js';
import { startFakeStripe, type FakeStripe } from '../testing/fake-stripe.js';
import { client, type Caller, type Client } from '../testing/client.js';
import { signInAs } from '../testing/fixtures.js';
import { createTestApp, type Backend, type TestApp } from '../testing/harness.js';

/**
 * A night of service, simulated: guests at many tables order in both
 * currencies through the public API, staff ring orders up at the tables (with seats, courses and
 * now and then an open-priced line) and on bar tabs, counter orders and takeaways, a manager
 * voids whole orders and lines, gives discounts and comps (a line on the house, a percentage off
 * a line or the bill, an amount off the bill, each with a reason from the restaurant's list), and
 * every bill is settled by cash or card with tips, all in one local business day. Then the money must agree to
 * the cent everywhere: what the test itself expects (menu prices by the contract's documented
 * per-line rule, recomputed here), the guests' running bills, the payments, the Z report, the
 * period reports (sales, tax, payments, voids) and the accounting journal as hledger reads it.
 *
 * On PostgreSQL (TEST_DATABASE_URL): 50 tables, 1,000 orders. On PGlite (always): a smaller night.
 */
const BACKEND: Backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const NIGHT =
  BACKEND === 'postgres'
    ? { tables: 50, orders: 1000, workers: 10 }
    : { tables: 10, orders: 100, workers: 5 };

const HAS_HLEDGER = spawnSync('hledger', ['--version'], { encoding: 'utf8' }).status === 0;
if (!HAS_HLEDGER) {
  console.warn('hledger is not installed: the service night skips its journal check');
}

const cents = (amount: number) => Math.round(amount * 100);

/** `hledger balance` per account, in cents, of one or more journal files read together. */
function balances(...files: string[]): Map<string, number> {
  const args = [...files.flatMap((f) => ['-f', f]), 'balance', '--flat', '-N', '-O', 'csv'];
  const csv = execFileSync('hledger', args, { encoding: 'utf8' });
  const b = new Map<string, number>();
  for (const line of csv.trim().split('\n').slice(1)) {
    const [account, amount] = line.split('","').map((c) => c.replaceAll('"', ''));
    b.set(account!, amount!.trim() === '0' ? 0 : cents(Number(amount!.replace(/[^\d.-]/g, ''))));
  }
  return b;
}

/** A seeded PRNG (mulberry32), so a failing night can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Rates {
  taxRateBps: number;
  serviceChargeBps: number;
  pricesIncludeTax: boolean;
}
interface Parts {
  net: number;
  service: number;
  tax: number;
  total: number;
}
const ZERO: Parts = { net: 0, service: 0, tax: 0, total: 0 };
const add = (a: Parts, b: Parts): Parts => ({
  net: a.net + b.net,
  service: a.service + b.service,
  tax: a.tax + b.tax,
  total: a.total + b.total,
});
const sub = (a: Parts, b: Parts): Parts => ({
  net: a.net - b.net,
  service: a.service - b.service,
  tax: a.tax - b.tax,
  total: a.total - b.total,
});
const asCents = (p: Parts): Parts => ({
  net: cents(p.net),
  service: cents(p.service),
  tax: cents(p.tax),
  total: cents(p.total),
});

/** round(a × n / d), half up, for non-negative integers (the test's own arithmetic). */
const roundDiv = (a: number, n: number, d: number) => Math.floor((2 * a * n + d) / (2 * d));

/** The contract's documented rule, written out again here: parts of one line, per line. */
function expectedLine(menuCents: number, r: Rates): Parts {
  if (!r.pricesIncludeTax) {
    const service = roundDiv(menuCents, r.serviceChargeBps, 10_000);
    const tax = roundDiv(menuCents + service, r.taxRateBps, 10_000);
    return { net: menuCents, service, tax, total: menuCents + service + tax };
  }
  const total = menuCents + roundDiv(menuCents, r.serviceChargeBps, 10_000);
  const tax = roundDiv(total, r.taxRateBps, 10_000 + r.taxRateBps);
  const service = roundDiv(total - tax, r.serviceChargeBps, 10_000 + r.serviceChargeBps);
  return { net: total - tax - service, service, tax, total };
}

/**
 * The contract's refund rule, written out again for a bill at one tax rate: a refund takes its
 * share of what is left of the bill (the bill less its earlier refunds, each split the same way),
 * part after part (net, service, tax), each part's running sum rounded half up.
 */
function expectedRefund(bill: Parts, earlier: readonly number[], refund: number): Parts {
  let left = bill;
  for (const given of earlier) left = sub(left, expectedRefund(left, [], given));
  const upToNet = roundDiv(left.net, refund, left.total);
  const upToService = roundDiv(left.net + left.service, refund, left.total);
  return { net: upToNet, service: upToService - upToNet, tax: refund - upToService, total: refund };
}

/**
 * Shares `amount` among `weights` by the largest remainder (ties: the earlier weight), written out
 * again here: the contract's rule for an amount off the bill.
 */
function shareAmount(amount: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum === 0) return weights.map(() => 0);
  const floors = weights.map((w) => Math.floor((amount * w) / sum));
  const rests = weights.map((w, i) => ({ i, rest: amount * w - floors[i]! * sum }));
  let left = amount - floors.reduce((a, f) => a + f, 0);
  for (const { i } of rests.sort((a, b) => b.rest - a.rest || a.i - b.i)) {
    if (left-- <= 0) break;
    floors[i]! += 1;
  }
  return floors;
}

/** The two halves of the night: tax added with a service charge, then tax included without. */
const PHASES: { rates: Rates; settings: { taxRate: number; serviceCharge: number } }[] = [
  {
    rates: { taxRateBps: 1000, serviceChargeBps: 1250, pricesIncludeTax: false },
    settings: { taxRate: 10, serviceCharge: 12.5 },
  },
  {
    rates: { taxRateBps: 2200, serviceChargeBps: 0, pricesIncludeTax: true },
    settings: { taxRate: 22, serviceCharge: 0 },
  },
];

interface Expected {
  orders: Parts;
  ordersCount: number;
  bills: Parts;
  billsCount: number;
  /** Voids at menu prices. */
  voidedMenu: number;
  wholeVoids: number;
  lineVoids: number;
  /** Items taken off (quantities, whole orders included). */
  voidedItems: number;
  /** Orders still counted (not voided whole), their items and menu total after voids. */
  countedOrders: number;
  itemsSold: number;
  menuSold: number;
  byRate: Map<number, Parts>;
  /** The bills by order type: a table's (dine-in), or a tab's. */
  byType: Map<OrderType, Parts & { count: number }>;
  /** What discounts and comps took off the bills (each line's parts without and with them). */
  discounts: Parts;
  discountsCount: number;
  comps: number;
  /** What they took off at menu prices. */
  discountedMenu: number;
  discountsByRate: Map<number, Parts>;
  byReason: Map<string, { count: number; amount: number; total: number }>;
  payments: Record<'cash' | 'card', { count: number; amount: number; tips: number }>;
  /** Parts of lines split off into a check of their own, or moved to another table. */
  splits: number;
  moves: number;
  /** Payments taken (several for a bill guests paid in parts), and those guests paid at the table. */
  paymentsCount: number;
  guestPayments: number;
}

describe(`A night of service, simulated on ${BACKEND} (issue 16, item 7)`, () => {
  let t: TestApp;
  // Guests pay by card through Stripe (a local stand-in, driven by the real stripe client).
  let fake: FakeStripe;
  let manager: string;
  let api: Client;
  let staff: Caller;
  let date: string;
  let dir: string;
  const expected: Expected = {
    orders: ZERO,
    ordersCount: 0,
    bills: ZERO,
    billsCount: 0,
    voidedMenu: 0,
    wholeVoids: 0,
    lineVoids: 0,
    voidedItems: 0,
    countedOrders: 0,
    itemsSold: 0,
    menuSold: 0,
    byRate: new Map(),
    byType: new Map(),
    discounts: ZERO,
    discountsCount: 0,
    comps: 0,
    discountedMenu: 0,
    discountsByRate: new Map(),
    byReason: new Map(),
    payments: { cash: { count: 0, amount: 0, tips: 0 }, card: { count: 0, amount: 0, tips: 0 } },
    splits: 0,
    moves: 0,
    paymentsCount: 0,
    guestPayments: 0,
  };
  let timings = '';
  /** Every payment of the night, for the refunds the next morning. */
  const settled: {
    paymentId: string;
    method: 'cash' | 'card';
    amount: number;
    tip: number;
    bill: Parts;
    rates: Rates;
    /** Paid by a guest at the table (part of the bill), not by the waiter. */
    guest: boolean;
  }[] = [];

  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp(BACKEND, { stripe: { apiBase: fake.base } });
    manager = await signInAs(t, 'manager');
    api = client(t.app);
    staff = api.as(manager);
    const connected = await api.as('admin1').send(integrationsRoutes.connectStripe, {
      body: {
        secretKey: fake.secretKey,
        publishableKey: fake.publishableKey,
        webhookSecret: fake.webhookSecret,
      },
    });
    expect(connected.status).toBe(200);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavola-night-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const putSettings = async (
    changes: Partial<RouteInput<typeof settingsRoutes.updateRestaurantSettings>['body']>,
  ) => {
    const current = (await staff.call(settingsRoutes.getRestaurantSettings)).data;
    const body = {
      name: current.name,
      currency: current.currency,
      exchangeRate: current.exchangeRate,
      taxRate: current.taxRate,
      serviceCharge: current.serviceCharge,
      timezone: current.timezone,
      publicUrl: current.publicUrl ?? null,
      ...changes,
    };
    const put = await staff.call(settingsRoutes.updateRestaurantSettings, { body });
    expect(put.status, `PUT /api/restaurant/settings: ${put.res.body}`).toBeLessThan(300);
  };

  it('plays the night, and payments = bills = Z report = reports = journal, to the cent', async () => {
    const started = Date.now();
    // A zone where it is about noon, so the whole night is one local business day.
    await putSettings({ timezone: noonZone() });
    const settings = (await staff.call(settingsRoutes.getRestaurantSettings)).data;
    const base = settings.currency;

    // Enough tables: the manager adds them through the API (extra tables are billed).
    type Table = {
      id: string;
      number: number;
      qrToken: string;
      status: string;
      hasOpenSession: boolean;
    };
    let tables: Table[] = (await staff.call(tablesRoutes.listTables)).data;
    let next = Math.max(...tables.map((x) => x.number)) + 1;
    while (
      tables.filter((x) => x.status === 'available' && !x.hasOpenSession).length < NIGHT.tables
    ) {
      const added = await staff.call(tablesRoutes.createTable, {
        body: { number: next++, capacity: 4 },
      });
      expect(added.status, `POST /api/tables: ${added.res.body}`).toBeLessThan(300);
      tables = (await staff.call(tablesRoutes.listTables)).data;
    }
    const night = tables
      .filter((x) => x.status === 'available' && !x.hasOpenSession)
      .sort((a, b) => a.number - b.number)
      .slice(0, NIGHT.tables);

    // The menu, at its prices in the restaurant's currency.
    const menu = (
      await t.database.db
        .select()
        .from(menuItems)
        .where(and(eq(menuItems.restaurantId, t.restaurantId), isNull(menuItems.deletedAt)))
    ).filter((m) => m.available && m.currency === base);
    expect(menu.length).toBeGreaterThan(5);
    // The items with option groups (a burger cooked to order with extras and removals, a pizza by
    // size, a drink with or without ice): their lines pick options, checked and priced by the server.
    const groupsOf = new Map(
      (await staff.call(menuRoutes.getOrderMenu)).data.items
        .filter((i) => i.optionGroups?.length)
        .map((i) => [i.id, i.optionGroups!.map(optionGroupRule)]),
    );
    expect(groupsOf.size).toBeGreaterThan(0);
    /** A random selection the rules allow, and what it adds to one item (menu cents). */
    const pickOptions = (item: { id: string; name: string }, rnd: () => number) => {
      const groups = groupsOf.get(item.id) ?? [];
      const picks: OptionPick[] = groups.flatMap((g) => {
        const offered = g.options.filter((o) => o.available);
        const most = Math.min(g.max, g.allowRepeat ? g.max : offered.length);
        const n = g.min + Math.floor(rnd() * (most - g.min + 1));
        return [...offered]
          .sort(() => rnd() - 0.5)
          .slice(0, n)
          .map((o) => ({
            optionId: o.id,
            quantity: 1,
            preModifier: g.preModifiers.length
              ? g.preModifiers[Math.floor(rnd() * g.preModifiers.length)]!
              : null,
          }));
      });
      const check = checkOptionSelection(item.name, groups, picks);
      if (!check.ok) throw new Error(`the night picked ${JSON.stringify(check.problem)}`);
      return {
        picks,
        extraCents: check.options.reduce((sum, o) => sum + o.priceCents, 0),
      };
    };
    let optionLines = 0;
    // The reasons a discount may be given for: the restaurant's list.
    const reasons = (await staff.call(discountsRoutes.listDiscountReasons)).data;
    expect(reasons.length).toBeGreaterThan(0);

    // The plan of the night: each table's orders in sittings of 1–4, half in each phase.
    const random = prng(16_7);
    const perTable = NIGHT.orders / NIGHT.tables;
    const sittings = night.map(() => {
      const sizes: number[] = [];
      for (let left = perTable; left > 0;) {
        const n = Math.min(left, 1 + Math.floor(random() * 4));
        sizes.push(n);
        left -= n;
      }
      return sizes;
    });

    const setupDone = Date.now();
    let placed = 0;

    /**
     * One sitting: at a table (guests ordering from their phones, staff ringing rounds up), or on
     * a tab (a bar tab, a counter order or a takeaway, rung up by staff); its orders, voids, the
     * bill checked, and the payment.
     */
    const sitting = async (
      table: Table,
      size: number,
      rates: Rates,
      rnd: () => number,
      spare: Table | undefined,
    ) => {
      let sessionId = '';
      let bill: Parts = ZERO;
      /** The lines still billed at the end of the sitting: menu cents after voids. */
      const billed: {
        orderId: string;
        key: string;
        cents: number;
        unit: number;
        quantity: number;
        /** Units taken off it by a void (they stay with the line, wherever part of it goes). */
        voided: number;
      }[] = [];
      const onTab = rnd() < 0.2;
      let orderType: OrderType = 'dine_in';
      if (onTab) {
        const types: TabType[] = ['bar_tab', 'counter', 'takeaway'];
        const type = types[Math.floor(rnd() * types.length)]!;
        const tab = (
          await staff.call(tabsRoutes.openTab, {
            body: {
              type,
              name: `Guest ${Math.floor(rnd() * 1000)}`,
              ...(type === 'takeaway'
                ? { pickupAt: new Date(Date.now() + 3_600_000).toISOString() }
                : {}),
            },
          })
        ).data;
        sessionId = tab.id;
        orderType = type;
      }
      for (let k = 0; k < size; k++) {
        const chosen = [...menu].sort(() => rnd() - 0.5).slice(0, 1 + Math.floor(rnd() * 3));
        const byStaff = onTab || rnd() < 0.3;
        const lines: {
          priceCents: number;
          quantity: number;
          key: string;
          line: Omit<StaffOrderLineInput, 'quantity' | 'key'>;
        }[] = chosen.map((m, i) => {
          const picked = groupsOf.has(m.id) ? pickOptions(m, rnd) : null;
          if (picked) optionLines++;
          return {
            priceCents: m.priceCents + (picked?.extraCents ?? 0),
            quantity: 1 + Math.floor(rnd() * 3),
            key: `l${i}`,
            line: {
              menuItemId: m.id,
              ...(picked ? { options: picked.picks } : {}),
              ...(byStaff
                ? { seat: 1 + Math.floor(rnd() * 4), course: 1 + Math.floor(rnd() * 3) }
                : {}),
            },
          };
        });
        // Now and then one item on a second line of its own, with a note: lines are never merged.
        if (rnd() < 0.25) {
          const picked = groupsOf.has(chosen[0]!.id) ? pickOptions(chosen[0]!, rnd) : null;
          if (picked) optionLines++;
          lines.push({
            priceCents: chosen[0]!.priceCents + (picked?.extraCents ?? 0),
            quantity: 1 + Math.floor(rnd() * 2),
            key: 'x',
            line: {
              menuItemId: chosen[0]!.id,
              notes: 'no ice',
              ...(picked ? { options: picked.picks } : {}),
            },
          });
        }
        // Staff ring up an open-priced line now and then (the manager may): a typed name and price.
        if (byStaff && rnd() < 0.2) {
          const priceCents = 500 + Math.floor(rnd() * 3000);
          lines.push({
            priceCents,
            quantity: 1 + Math.floor(rnd() * 2),
            key: 'open',
            line: { openItem: { name: 'Market fish', priceCents, station: 'kitchen' } },
          });
        }
        const items = lines.map((l) => ({ ...l.line, quantity: l.quantity, key: l.key }));
        const currency = rnd() < 0.5 ? 'EUR' : 'USD';
        const headers = { 'idempotency-key': `night-${randomBytes(8).toString('hex')}` };
        const res = onTab
          ? await staff.call(tabsRoutes.placeTabOrder, {
              params: { id: sessionId },
              body: { currency, items },
              headers,
            })
          : byStaff
            ? await staff.call(ordersRoutes.placeTableOrder, {
                params: { id: table.id },
                body: { currency, items },
                headers,
              })
            : await api.guest(table.qrToken).call(ordersRoutes.placeOrder, {
                body: {
                  currency,
                  items: items.map(({ menuItemId, ...l }) => ({ ...l, menuItemId: menuItemId! })),
                },
                headers,
              });
        expect(res.status, res.res.body).toBe(201);
        const order = res.data;
        placed++;
        sessionId = order.sessionId;
        const placedParts = lines.map((l) => expectedLine(l.priceCents * l.quantity, rates));
        let kept = placedParts.reduce(add, ZERO);
        expected.orders = add(expected.orders, kept);
        expected.ordersCount++;

        const roll = rnd();
        if (k > 0 && roll < 0.08) {
          // A whole order voided (never a sitting's first, so every bill has something to pay).
          const voided = await staff.call(ordersRoutes.voidOrder, {
            params: { id: order.orderId },
            body: { reason: 'Sent to the wrong table' },
          });
          expect(voided.status, voided.res.body).toBe(200);
          expected.wholeVoids++;
          for (const l of lines) {
            expected.voidedMenu += l.priceCents * l.quantity;
            expected.voidedItems += l.quantity;
          }
          kept = ZERO;
        } else {
          let voidedKey: string | null = null;
          const twice = lines.findIndex((l) => l.quantity >= 2);
          if (roll < 0.2 && twice >= 0) {
            // One of a line taken off.
            const line = lines[twice]!;
            const [row] = await t.database.db
              .select({ id: orderItems.id })
              .from(orderItems)
              .where(and(eq(orderItems.orderId, order.orderId), eq(orderItems.lineKey, line.key)));
            const voided = await staff.call(ordersRoutes.voidOrderLine, {
              params: { id: order.orderId, itemId: row!.id },
              body: { quantity: 1, reason: 'Spilled' },
            });
            expect(voided.status, voided.res.body).toBe(200);
            expected.lineVoids++;
            expected.voidedMenu += line.priceCents;
            expected.voidedItems += 1;
            line.quantity -= 1;
            voidedKey = line.key;
            kept = lines
              .map((l) => expectedLine(l.priceCents * l.quantity, rates))
              .reduce(add, ZERO);
          }
          expected.countedOrders++;
          for (const l of lines) {
            expected.itemsSold += l.quantity;
            expected.menuSold += l.priceCents * l.quantity;
            if (l.quantity > 0) {
              billed.push({
                orderId: order.orderId,
                key: l.key,
                cents: l.priceCents * l.quantity,
                unit: l.priceCents,
                quantity: l.quantity,
                voided: l.key === voidedKey ? 1 : 0,
              });
            }
          }
        }
        bill = add(bill, kept);
      }

      // Now and then part of a line leaves the bill: split off into a check of its own at the
      // table, or moved to another (free) table, each then paid by itself. The part that moves is
      // a line of its own, taking its tax and service charge by the per-line rule.
      const splittable = billed.findIndex((l) => l.quantity >= 2);
      if (!onTab && splittable >= 0 && rnd() < 0.25) {
        const line = billed[splittable]!;
        const moving = 1 + Math.floor(rnd() * (line.quantity - 1));
        const [row] = await t.database.db
          .select({ id: orderItems.id })
          .from(orderItems)
          .where(and(eq(orderItems.orderId, line.orderId), eq(orderItems.lineKey, line.key)));
        const lines = [{ orderId: line.orderId, itemId: row!.id, quantity: moving }];
        const toSpare = spare !== undefined && rnd() < 0.5;
        const res = toSpare
          ? await staff.call(tablesRoutes.moveTableBill, {
              params: { id: table.id },
              body: { toTableId: spare.id, lines },
            })
          : await staff.call(tablesRoutes.splitTableBill, {
              params: { id: table.id },
              body: { lines },
            });
        expect(res.status, res.res.body).toBeLessThan(300);
        if (toSpare) expected.moves++;
        else expected.splits++;
        // The orders count a line as ordered (its voided units too): one line is now two.
        const ordered = (quantity: number) => expectedLine(line.unit * quantity, rates);
        const before = ordered(line.quantity + line.voided);
        line.quantity -= moving;
        line.cents = line.unit * line.quantity;
        const part = ordered(moving);
        expected.orders = add(
          sub(expected.orders, before),
          add(ordered(line.quantity + line.voided), part),
        );
        // The part is a new order on the other bill.
        expected.ordersCount++;
        expected.countedOrders++;
        bill = billed.map((l) => expectedLine(l.cents, rates)).reduce(add, ZERO);
        await settle(res.data.sessionId, part, rates, 'dine_in', rnd, null);
      }

      // Now and then a discount or a comp: on one line (comped, or a percentage off), then on
      // the bill (a percentage or an amount), as the manager gives them, each with a reason.
      if (rnd() < 0.4) {
        const left = billed.map((l) => l.cents);
        /** Gives one; `takenOf` says what it took off each billed line (in `billed`'s order). */
        const give = async (
          body: Omit<RouteInput<typeof discountsRoutes.applyDiscount>['body'], 'reasonId'>,
          takenOf: (discountId: string) => number[] | Promise<number[]>,
        ) => {
          const reason = reasons[Math.floor(rnd() * reasons.length)]!;
          const res = await staff.call(discountsRoutes.applyDiscount, {
            params: { id: sessionId },
            body: { ...body, reasonId: reason.id },
          });
          expect(res.status, res.res.body).toBe(201);
          const given = res.data;
          const taken = await takenOf(given.discount.id);
          const partsBefore = left.map((c) => expectedLine(c, rates)).reduce(add, ZERO);
          taken.forEach((c, i) => (left[i]! -= c));
          const partsAfter = left.map((c) => expectedLine(c, rates)).reduce(add, ZERO);
          const off = sub(partsBefore, partsAfter);
          const menuOff = taken.reduce((a, c) => a + c, 0);
          expected.discounts = add(expected.discounts, off);
          expected.discountsByRate.set(
            rates.taxRateBps,
            add(expected.discountsByRate.get(rates.taxRateBps) ?? ZERO, off),
          );
          expected.discountsCount++;
          if (body.kind === 'comp') expected.comps++;
          expected.discountedMenu += menuOff;
          const r = expected.byReason.get(reason.name) ?? { count: 0, amount: 0, total: 0 };
          expected.byReason.set(reason.name, {
            count: r.count + 1,
            amount: r.amount + menuOff,
            total: r.total + off.total,
          });
        };
        if (rnd() < 0.5) {
          const i = Math.floor(rnd() * billed.length);
          const [row] = await t.database.db
            .select({ id: orderItems.id })
            .from(orderItems)
            .where(
              and(
                eq(orderItems.orderId, billed[i]!.orderId),
                eq(orderItems.lineKey, billed[i]!.key),
              ),
            );
          const only = (cents: number) => left.map((_, k) => (k === i ? cents : 0));
          // A comp leaves something to pay: the only line of a bill gets a percentage instead (a
          // bill comped whole is closed by staff, not paid).
          if (billed.length > 1 && rnd() < 0.5) {
            await give({ kind: 'comp', orderItemId: row!.id }, () => only(left[i]!));
          } else {
            const percent = 5 + Math.floor(rnd() * 46);
            await give({ kind: 'percent', percent, orderItemId: row!.id }, () =>
              only(roundDiv(left[i]!, percent * 100, 10_000)),
            );
          }
        }
        if (left.some((c) => c > 0) && rnd() < 0.6) {
          if (rnd() < 0.5) {
            const percent = 5 + Math.floor(rnd() * 26);
            if (left.some((c) => roundDiv(c, percent * 100, 10_000) > 0)) {
              await give({ kind: 'percent', percent }, () =>
                left.map((c) => roundDiv(c, percent * 100, 10_000)),
              );
            }
          } else {
            const sum = left.reduce((a, c) => a + c, 0);
            // Never all of it: something is left to pay.
            const amountCents = Math.min(100 + Math.floor(rnd() * Math.max(1, sum / 2)), sum - 1);
            if (amountCents > 0)
              await give({ kind: 'amount', amount: amountCents / 100 }, async (id) => {
                // The bill's lines in the order the server shares an amount among them (an input
                // here; the shares are the test's own arithmetic).
                const [row] = await t.database.db
                  .select({ allocation: discounts.allocation })
                  .from(discounts)
                  .where(eq(discounts.id, id));
                const lineIds = row!.allocation.map((x) => x.orderItemId);
                const rows = await t.database.db
                  .select({
                    id: orderItems.id,
                    orderId: orderItems.orderId,
                    key: orderItems.lineKey,
                  })
                  .from(orderItems)
                  .where(inArray(orderItems.id, lineIds));
                const order = lineIds.map((lineId) => {
                  const line = rows.find((x) => x.id === lineId)!;
                  return billed.findIndex((b) => b.orderId === line.orderId && b.key === line.key);
                });
                expect(order.every((k) => k >= 0)).toBe(true);
                expect(new Set(order).size).toBe(billed.length);
                const shares = shareAmount(
                  Math.min(amountCents, sum),
                  order.map((k) => left[k]!),
                );
                const taken = left.map(() => 0);
                order.forEach((k, j) => (taken[k] = shares[j]!));
                return taken;
              });
          }
        }
        bill = left.map((c) => expectedLine(c, rates)).reduce(add, ZERO);
      }

      if (onTab) {
        // The tab's bill, as the bar and the counter see it.
        const tab = (await staff.call(tabsRoutes.getTab, { params: { id: sessionId } })).data;
        expect(asCents(tab.bill)).toEqual(bill);
        expect(cents(tab.billTotal)).toBe(bill.total);
      } else {
        // The guest's running bill is what the test expects, in the restaurant's currency.
        const summary = await api
          .guest(table.qrToken)
          .call(diningSessionsRoutes.getSessionSummary, { query: { sessionId } });
        expect(summary.status, summary.res.body).toBe(200);
        const running = summary.data;
        expect(asCents(running.parts[base])).toEqual(bill);
        expect(cents(running.totalAmount)).toBe(bill.total);
      }

      await settle(sessionId, bill, rates, orderType, rnd, onTab ? null : table.qrToken);
    };

    /**
     * Guests at a table pay parts of the bill from their phones (the demo provider: card), each
     * by a split of their own and some with a tip on the goods; the waiter takes the rest.
     * Answers what is left for the waiter.
     */
    const guestsPay = async (token: string, bill: Parts, rates: Rates, rnd: () => number) => {
      const guest = api.guest(token);
      let left = bill.total;
      const guests = 1 + Math.floor(rnd() * 3);
      for (let g = 0; g < guests && left > 0; g++) {
        const itemised = (await guest.call(paymentsRoutes.getGuestBill, { query: {} })).data;
        expect(cents(itemised.remaining)).toBe(left);
        const open = itemised.lines.filter((l) => l.remaining > 0);
        const line = open[Math.floor(rnd() * open.length)]!;
        const kind = ['items', 'share', 'equal', 'amount'][Math.floor(rnd() * 4)]!;
        const split: PaySplitInput =
          kind === 'items' && line.quantity > line.paidQuantity
            ? { kind: 'items', lines: [{ lineId: line.lineId, quantity: 1 }] }
            : kind === 'share'
              ? { kind: 'share', lineId: line.lineId, shares: 2 + Math.floor(rnd() * 3) }
              : kind === 'equal'
                ? { kind: 'equal', parts: 2 + Math.floor(rnd() * 3) }
                : { kind: 'amount', amount: Math.max(1, Math.floor(left / 3)) / 100 };
        const tip = rnd() < 0.5 ? 0 : 1 + Math.floor(rnd() * 300);
        const paid = await guest.call(paymentsRoutes.payAtTable, {
          body: { split, tip: tip / 100, provider: 'stripe' },
          headers: { 'idempotency-key': `night-${token}-${left}-${g}` },
        });
        if (
          paid.status === 409 &&
          (paid.body as { code?: string }).code === 'PAYMENT_PROVIDER_DECLINED'
        ) {
          // Stripe takes no card payment under 0.50: this guest's small part goes to the waiter.
          expect(paid.res.body).toContain('at least 50 cents');
          break;
        }
        expect(paid.status, paid.res.body).toBe(201);
        expect(paid.data.status).toBe('pending');
        const amount = cents(paid.data.amount);
        expect(amount).toBeGreaterThan(0);
        // The guest's card confirmed at Stripe; Stripe's signed word captures the payment.
        const intent = [...fake.intents.values()].find(
          (i) => i.client_secret === paid.data.stripe?.clientSecret,
        )!;
        expect(intent.amount).toBe(amount + tip);
        const notice = fake.event(
          'payment_intent.succeeded',
          await fake.confirm(intent.id, 'pm_card_visa'),
        );
        const captured = await t.app.inject({
          method: 'POST',
          url: '/api/payments/providers/stripe/callback',
          headers: { 'content-type': 'application/json', 'stripe-signature': notice.signature },
          payload: notice.body,
        });
        expect(captured.statusCode, captured.body).toBe(200);
        left -= amount;
        settled.push({
          paymentId: paid.data.paymentId,
          method: 'card',
          amount,
          tip,
          bill,
          rates,
          guest: true,
        });
        expected.paymentsCount++;
        expected.guestPayments++;
        const p = expected.payments.card;
        p.count++;
        p.amount += amount;
        p.tips += tip;
      }
      return left;
    };

    /** A bill settled by cash (handing over round notes) or card, with a tip or none. */
    const settle = async (
      sessionId: string,
      bill: Parts,
      rates: Rates,
      orderType: OrderType,
      rnd: () => number,
      guestToken: string | null,
    ) => {
      // Some tables' guests pay part of the bill at the table first.
      const due =
        guestToken && rnd() < 0.4 ? await guestsPay(guestToken, bill, rates, rnd) : bill.total;
      const method = rnd() < 0.45 ? 'cash' : 'card';
      const tips = [0, 0, 50, 100, 150, 235, 300, 500, 1, 99];
      const tip = tips[Math.floor(rnd() * tips.length)]!;
      const payload: { method: 'cash' | 'card'; tip: number; amount?: number } = {
        method,
        tip: tip / 100,
      };
      if (method === 'cash') {
        payload.amount = (Math.ceil((due + tip) / 1000) * 1000) / 100;
      }
      expected.billsCount++;
      const rate = expected.byRate.get(rates.taxRateBps) ?? ZERO;
      expected.byRate.set(rates.taxRateBps, add(rate, bill));
      const ofType = expected.byType.get(orderType) ?? { ...ZERO, count: 0 };
      expected.byType.set(orderType, { ...add(ofType, bill), count: ofType.count + 1 });
      expected.bills = add(expected.bills, bill);
      // The guests paid it all: the last of them closed the bill.
      if (due === 0) return;
      const paid = await staff.call(paymentsRoutes.recordPayment, {
        params: { id: sessionId },
        body: payload,
      });
      expect(paid.status, paid.res.body).toBe(201);
      expected.paymentsCount++;
      settled.push({
        paymentId: paid.data.paymentId,
        method,
        amount: due,
        tip,
        bill,
        rates,
        guest: false,
      });
      const p = expected.payments[method];
      p.count++;
      p.amount += due;
      p.tips += tip;
    };

    for (const [phase, { rates, settings: charges }] of PHASES.entries()) {
      await putSettings({ ...charges, pricesIncludeTax: rates.pricesIncludeTax });
      // Workers each play their own tables, sittings in turn; the workers run at once.
      await Promise.all(
        Array.from({ length: NIGHT.workers }, async (_, w) => {
          const rnd = prng(1000 * (phase + 1) + w);
          for (let i = w; i < night.length; i += NIGHT.workers) {
            const sizes = sittings[i]!;
            const half = Math.ceil(sizes.length / 2);
            const mine = phase === 0 ? sizes.slice(0, half) : sizes.slice(half);
            // A table of this worker's own that is free meanwhile: lines move to it.
            const spare = night[i + NIGHT.workers] ?? night[i - NIGHT.workers];
            for (const size of mine) await sitting(night[i]!, size, rates, rnd, spare);
          }
        }),
      );
    }
    expect(placed).toBe(NIGHT.orders);
    const playedDone = Date.now();

    // The test's own books balance before anything is compared with them.
    expect(sub(expected.orders, expected.bills).total).toBeGreaterThan(0);
    const pay = expected.payments;
    const paymentsAmount = pay.cash.amount + pay.card.amount;
    const tips = pay.cash.tips + pay.card.tips;
    expect(paymentsAmount).toBe(expected.bills.total);
    // orders − voids − discounts = bills, in every part.
    const voids = sub(sub(expected.orders, expected.bills), expected.discounts);
    expect(expected.discountsCount).toBeGreaterThan(0);
    expect(expected.comps).toBeGreaterThan(0);
    expect(expected.splits).toBeGreaterThan(0);
    expect(expected.moves).toBeGreaterThan(0);
    expect(expected.guestPayments).toBeGreaterThan(0);

    // The Z report, live, then as closed: the same figures, and they are the test's.
    const live = (await staff.call(businessDaysRoutes.getZReport)).data;
    date = live.date;
    expect(live.today).toBe(date);
    const z = (await staff.call(businessDaysRoutes.closeDay, { body: { date } })).data;
    for (const report of [live, z]) {
      expect(asCents(report.orders)).toEqual(expected.orders);
      expect(report.orders.count).toBe(expected.ordersCount);
      expect(asCents(report.voids)).toEqual(voids);
      expect(report.voids.wholeOrders).toBe(expected.wholeVoids);
      expect(report.voids.items).toBe(expected.voidedItems);
      expect(asCents(report.bills)).toEqual(expected.bills);
      expect(report.bills.count).toBe(expected.billsCount);
      expect(report.payments.count).toBe(expected.paymentsCount);
      expect(cents(report.payments.amount)).toBe(paymentsAmount);
      expect(cents(report.payments.tips)).toBe(tips);
      expect(cents(report.payments.total)).toBe(paymentsAmount + tips);
      for (const m of ['cash', 'card'] as const) {
        const row = report.payments.byMethod.find((x) => x.method === m)!;
        expect(row.count, m).toBe(pay[m].count);
        expect(cents(row.amount), m).toBe(pay[m].amount);
        expect(cents(row.tips), m).toBe(pay[m].tips);
        expect(cents(row.total), m).toBe(pay[m].amount + pay[m].tips);
      }
      expect(report.taxRates).toHaveLength(expected.byRate.size);
      for (const [bps, parts] of expected.byRate) {
        const row = report.taxRates.find((r) => cents(r.taxRate) === bps)!;
        expect(asCents(row), `tax ${bps}`).toEqual(parts);
      }
      // By order type: the tables' bills and the tabs', adding up to the bills.
      for (const [type, parts] of expected.byType) {
        const row = report.byOrderType?.find((r) => r.orderType === type);
        expect(row && asCents(row), `order type ${type}`).toEqual({
          net: parts.net,
          service: parts.service,
          tax: parts.tax,
          total: parts.total,
        });
      }
      expect(report.byOrderType?.map((r) => r.orderType).sort()).toEqual(
        [...expected.byType.keys()].sort(),
      );
      expect(report.openBills.count).toBe(0);
      expect(cents(report.reconciliation.ordersLessVoids)).toBe(
        expected.bills.total + expected.discounts.total,
      );
      expect(cents(report.reconciliation.discounts!)).toBe(expected.discounts.total);
      expect(cents(report.reconciliation.ordersLessVoidsAndDiscounts!)).toBe(expected.bills.total);
      // The discounts and comps: a line of their own, by reason and by who gave them.
      const d = report.discounts!;
      expect(asCents(d)).toEqual(expected.discounts);
      expect([d.count, d.comps]).toEqual([expected.discountsCount, expected.comps]);
      expect(cents(d.amount)).toBe(expected.discountedMenu);
      expect(d.byReason).toHaveLength(expected.byReason.size);
      for (const [reason, g] of expected.byReason) {
        const row = d.byReason.find((x) => x.reason === reason)!;
        expect([row.count, cents(row.amount), cents(row.total)], reason).toEqual([
          g.count,
          g.amount,
          g.total,
        ]);
      }
      // The manager gave them all.
      expect(d.byUser).toHaveLength(1);
      expect([d.byUser[0]!.count, cents(d.byUser[0]!.total)]).toEqual([
        expected.discountsCount,
        expected.discounts.total,
      ]);
      expect(d.byTaxRate).toHaveLength(expected.discountsByRate.size);
      for (const [bps, parts] of expected.discountsByRate) {
        const row = d.byTaxRate.find((r) => cents(r.taxRate) === bps)!;
        expect(asCents(row), `discounts at tax ${bps}`).toEqual(parts);
      }
      expect(cents(report.reconciliation.bills)).toBe(expected.bills.total);
      expect(cents(report.reconciliation.billsPlusTips)).toBe(paymentsAmount + tips);
      expect(cents(report.reconciliation.payments)).toBe(paymentsAmount + tips);
      expect(report.reconciliation.balanced).toBe(true);
      expect(cents(report.transactionFee.base)).toBe(paymentsAmount);
      expect(cents(report.transactionFee.fee)).toBe(
        Math.round(paymentsAmount * (report.transactionFee.rate / 100)),
      );
    }

    // The period reports for that day.
    const q = { period: 'day', date } as const;
    const sales = (await staff.call(periodReportRoutes.sales, { query: q })).data;
    expect(sales.orders).toBe(expected.countedOrders);
    expect(sales.itemsSold).toBe(expected.itemsSold);
    // At menu prices, discounts and comps taken off (what the orders charge before their charges).
    expect(cents(sales.menu)).toBe(expected.menuSold - expected.discountedMenu);
    expect(asCents(sales.parts)).toEqual(expected.bills);
    expect(sales.voids).toEqual({
      orderVoids: expected.wholeVoids,
      lineVoids: expected.lineVoids,
      amount: expected.voidedMenu / 100,
    });
    expect(sales.payments.count).toBe(expected.paymentsCount);
    expect(cents(sales.payments.amount)).toBe(paymentsAmount);
    expect(cents(sales.payments.tips)).toBe(tips);
    expect(cents(sales.days.find((d) => d.date === date)!.total)).toBe(expected.bills.total);
    expect(cents(sales.hours.reduce((s, h) => s + h.total, 0))).toBe(expected.bills.total);

    const tax = (await staff.call(periodReportRoutes.tax, { query: q })).data;
    expect(asCents(tax.totals)).toEqual(expected.bills);
    expect(tax.totals.orders).toBe(expected.countedOrders);
    for (const [bps, parts] of expected.byRate) {
      const row = tax.rates.find((r) => cents(r.taxRate) === bps)!;
      expect(asCents(row), `tax ${bps}`).toEqual(parts);
    }

    const payments = (await staff.call(periodReportRoutes.payments, { query: q })).data;
    expect(payments.totals.count).toBe(expected.paymentsCount);
    expect(cents(payments.totals.amount)).toBe(paymentsAmount);
    expect(cents(payments.totals.tips)).toBe(tips);
    expect(cents(payments.totals.total)).toBe(paymentsAmount + tips);
    for (const m of ['cash', 'card'] as const) {
      const row = payments.methods.find((x) => x.method === m)!;
      expect(row.count, m).toBe(pay[m].count);
      expect(cents(row.amount), m).toBe(pay[m].amount);
      expect(cents(row.tips), m).toBe(pay[m].tips);
    }

    const voidsReport = (await staff.call(periodReportRoutes.voids, { query: q })).data;
    expect(voidsReport.totals).toEqual({
      orderVoids: expected.wholeVoids,
      lineVoids: expected.lineVoids,
      amount: expected.voidedMenu / 100,
    });
    expect(voidsReport.voids).toHaveLength(expected.wholeVoids + expected.lineVoids);

    // The accounting journal, as hledger itself reads it.
    const journal = (
      await staff.call(businessDaysRoutes.getJournal, { query: { date, format: 'hledger' } })
    ).res;
    expect(journal.statusCode, journal.body).toBe(200);
    if (HAS_HLEDGER) {
      const file = path.join(dir, 'night.journal');
      fs.writeFileSync(file, journal.body);
      execFileSync('hledger', ['-f', file, 'check', '-s'], { encoding: 'utf8' });
      const b = balances(file);
      const sum = (prefix: string) =>
        [...b].filter(([a]) => a.startsWith(prefix)).reduce((s, [, v]) => s + v, 0);
      expect(b.get('Assets:Cash')).toBe(pay.cash.amount + pay.cash.tips);
      expect(b.get('Assets:Card clearing')).toBe(pay.card.amount + pay.card.tips);
      // Sales before discounts, and the discounts and comps against them (net of tax).
      expect(sum('Income:Sales:')).toBe(-(expected.bills.net + expected.discounts.net));
      expect(sum('Income:Discounts:')).toBe(expected.discounts.net);
      expect(b.get('Income:Service charge')).toBe(-expected.bills.service);
      expect(sum('Liabilities:Sales tax:')).toBe(-expected.bills.tax);
      expect(b.get('Liabilities:Tips payable')).toBe(-tips);
      expect(b.get('Expenses:Transaction fees')).toBe(cents(z.transactionFee.fee));
      expect(b.get('Liabilities:Tavola fees payable')).toBe(-cents(z.transactionFee.fee));
      for (const [bps, parts] of expected.byRate) {
        const pct = bps / 100;
        const off = expected.discountsByRate.get(bps) ?? ZERO;
        expect(b.get(`Income:Sales:Tax ${pct}%`), `net ${pct}%`).toBe(-(parts.net + off.net));
        expect(b.get(`Income:Discounts:Tax ${pct}%`) ?? 0, `discounts ${pct}%`).toBe(off.net);
        expect(b.get(`Liabilities:Sales tax:${pct}%`) ?? 0, `tax ${pct}%`).toBe(-parts.tax);
      }
      expect([...b.values()].reduce((s, v) => s + v, 0)).toBe(0);
    }
    // The next business day, a guest of the closed night (a bill with tax added and a service
    // charge) is given back a third of their bill with their whole tip, and then a quarter more:
    // negative movements dated today, each split into net, service and tax as the sale was, and
    // the closed night never changes.
    // A guest's part payment at the table when there is one to give back.
    const refunded =
      settled.find(
        (p) => p.guest && p.tip > 0 && p.amount >= 300 && p.rates.serviceChargeBps > 0,
      ) ??
      settled.find((p) => p.tip > 0 && p.amount >= 300 && p.rates.serviceChargeBps > 0) ??
      settled.find((p) => p.amount >= 300)!;
    expect(refunded.guest).toBe(true);
    const back = {
      amounts: [Math.floor(refunded.amount / 3), Math.floor(refunded.amount / 4)],
      tip: refunded.tip,
    };
    const backAmount = back.amounts[0]! + back.amounts[1]!;
    let refundDay = '';
    for (const [i, amount] of back.amounts.entries()) {
      const refund = await staff.call(paymentsRoutes.refundPayment, {
        params: { id: refunded.paymentId },
        body: {
          amount: amount / 100,
          tip: i === 0 ? back.tip / 100 : 0,
          reason: i === 0 ? 'Cold main course' : 'Dessert never came',
        },
      });
      expect(refund.status, refund.res.body).toBe(201);
      refundDay = refund.data.businessDate;
    }
    expect(refundDay > date).toBe(true);
    // The guest paid through Stripe: both refunds were given back there, each once.
    expect(fake.refunds.map((r) => r.amount)).toEqual([
      back.amounts[0]! + back.tip,
      back.amounts[1]!,
    ]);
    const givenBack = back.amounts
      .map((amount, i) => expectedRefund(refunded.bill, back.amounts.slice(0, i), amount))
      .reduce(add, ZERO);
    expect(givenBack.total).toBe(backAmount);
    expect(givenBack.tax).toBeGreaterThan(0);
    expect(givenBack.service).toBeGreaterThan(0);

    expect((await staff.call(businessDaysRoutes.getZReport, { query: { date } })).data).toEqual(z);
    const kept = (await staff.call(periodReportRoutes.payments, { query: q })).data;
    expect([kept.methods, kept.totals]).toEqual([payments.methods, payments.totals]);
    const nextDay = (await staff.call(businessDaysRoutes.getZReport)).data;
    expect(nextDay.date).toBe(refundDay);
    expect(nextDay.payments.count).toBe(0);
    expect(nextDay.refunds).toMatchObject({ count: 2, byMethod: [{ method: refunded.method }] });
    expect(cents(nextDay.refunds!.amount)).toBe(backAmount);
    expect(cents(nextDay.refunds!.tips)).toBe(back.tip);
    expect(cents(nextDay.refunds!.total)).toBe(backAmount + back.tip);
    expect(nextDay.refunds!.taxRates).toHaveLength(1);
    expect(cents(nextDay.refunds!.taxRates![0]!.taxRate)).toBe(refunded.rates.taxRateBps);
    expect(asCents(nextDay.refunds!.taxRates![0]!)).toEqual(givenBack);
    expect(nextDay.reconciliation.balanced).toBe(true);
    const nextPayments = (
      await staff.call(periodReportRoutes.payments, { query: { period: 'day', date: refundDay } })
    ).data;
    expect(cents(nextPayments.totals.refunds!.total)).toBe(backAmount + back.tip);
    // Over both days, what the restaurant kept is what it took less what it gave back.
    const twoDays = (
      await staff.call(periodReportRoutes.payments, {
        query: { period: 'custom', from: date, to: refundDay },
      })
    ).data;
    expect(cents(twoDays.totals.total) - cents(twoDays.totals.refunds!.total)).toBe(
      paymentsAmount + tips - backAmount - back.tip,
    );
    // The refunds' journal: the money out of the method it was paid by; the net sales, the
    // service charge and the tax taken back as the bill charged them; the tip taken back; and
    // every entry balanced to the cent, as hledger itself checks.
    const refundJournal = (
      await staff.call(businessDaysRoutes.getJournal, {
        query: { date: refundDay, format: 'hledger' },
      })
    ).res;
    expect(refundJournal.statusCode, refundJournal.body).toBe(200);
    const postings = refundJournal.body
      .split('\n')
      .filter((line) => line.startsWith('    '))
      .map((line) => {
        const [, account, amount] = /^ {4}(.+?)\s{2,}(-?\d+\.\d{2}) [A-Z]{3}/.exec(line)!;
        return [account!, cents(Number(amount))] as const;
      });
    const posted = new Map(postings);
    const pct = refunded.rates.taxRateBps / 100;
    expect(posted.get(`Income:Refunds:Tax ${pct}%`)).toBe(givenBack.net);
    expect(posted.get('Income:Refunds:Service charge')).toBe(givenBack.service);
    expect(posted.get(`Liabilities:Sales tax:${pct}%`)).toBe(givenBack.tax);
    expect(posted.get('Liabilities:Tips payable')).toBe(back.tip);
    expect(posted.get(refunded.method === 'cash' ? 'Assets:Cash' : 'Assets:Card clearing')).toBe(
      -(backAmount + back.tip),
    );
    expect(postings.reduce((sum, [, v]) => sum + v, 0)).toBe(0);
    if (HAS_HLEDGER) {
      const file = path.join(dir, 'refund.journal');
      fs.writeFileSync(file, refundJournal.body);
      execFileSync('hledger', ['-f', file, 'check', '-s'], { encoding: 'utf8' });
      // The two days' books together: the tax still owed is the night's less what was given back.
      const b = balances(path.join(dir, 'night.journal'), file);
      expect(b.get(`Liabilities:Sales tax:${pct}%`)).toBe(
        -expected.byRate.get(refunded.rates.taxRateBps)!.tax + givenBack.tax,
      );
    }

    // What the night leaves in the events table (its retention keeps a week of it): every order's
    // placing, its tickets' moves, its serving, voids, discounts and payments, and the setup.
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(events)
      .where(eq(events.restaurantId, t.restaurantId));
    const eventsPerOrder = stored!.n / placed;
    expect(optionLines).toBeGreaterThan(0);
    // A ticket moves through three steps at one or two stations, the order is served, its bill
    // paid: an order that wrote many times that would fill the table for nothing.
    expect(eventsPerOrder).toBeLessThan(15);

    timings = `setup ${setupDone - started} ms, ${placed} orders played in ${playedDone - setupDone} ms, checks ${Date.now() - playedDone} ms`;
    console.info(
      `service night on ${BACKEND}: ${timings}; ${expected.billsCount} bills, ${expected.wholeVoids} order voids, ${expected.lineVoids} line voids, ${expected.discountsCount} discounts (${expected.comps} comps), ${expected.splits} checks split off, ${expected.moves} line moves, cash ${pay.cash.count}, card ${pay.card.count}, total ${(paymentsAmount + tips) / 100}, hledger ${HAS_HLEDGER}; ${optionLines} lines with options; ${stored!.n} event rows (${eventsPerOrder.toFixed(1)} per order)`,
    );
  }, 240_000);
});
