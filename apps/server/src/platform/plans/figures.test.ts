import { diningSessionsRoutes, paymentsRoutes, platformRoutes } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformAnalytics } from '@tavola/contract';
import { planChanges, restaurants, tables } from '../../core/db/schema.js';
import { createOtherRestaurant, placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { platformAnalytics } from './analytics.js';
import { subscriptions } from './invoices.js';
import { addActivity } from './test-activity.js';
import { client } from '../../testing/client.js';

const d = (iso: string) => new Date(iso);

async function restaurant(
  t: TestApp,
  name: string,
  set: Partial<typeof restaurants.$inferInsert> & { tables?: number },
): Promise<string> {
  const { tables: tableCount = 0, ...rest } = set;
  const { id } = await createOtherRestaurant(t, { name, roles: [] });
  await t.database.db.update(restaurants).set(rest).where(eq(restaurants.id, id));
  if (tableCount > 0) {
    await t.database.db.insert(tables).values(
      Array.from({ length: tableCount }, (_, i) => ({
        restaurantId: id,
        number: i + 1,
        qrToken: `FIG-${id.slice(0, 8)}-${i + 1}`,
      })),
    );
  }
  return id;
}

describe.each(BACKENDS)('invoice previews on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  it("charges each plan for its part of the month, the extra tables and 1.9% of the month's payments, to the cent", async () => {
    // March 2030 has 31 days. Gusto moved from Growth Grill to Enterprise Empire on the 11th.
    const gusto = await restaurant(t, 'Gusto', {
      plan: 'enterprise',
      status: 'active',
      createdAt: d('2030-01-10T00:00:00Z'),
      tables: 40,
    });
    await t.database.db.insert(planChanges).values([
      {
        restaurantId: gusto,
        fromPlan: 'starter',
        toPlan: 'growth',
        changedAt: d('2030-02-01T00:00:00Z'),
      },
      {
        restaurantId: gusto,
        fromPlan: 'growth',
        toPlan: 'enterprise',
        changedAt: d('2030-03-11T00:00:00Z'),
      },
    ]);
    await addActivity(t.database.db, gusto, {
      payments: [
        { at: d('2030-02-28T23:59:59Z'), cents: 5_000 },
        { at: d('2030-03-05T12:00:00Z'), cents: 100_000, tipCents: 1_000 },
        { at: d('2030-03-31T23:00:00Z'), cents: 100 },
        { at: d('2030-04-01T00:00:00Z'), cents: 7_000 },
      ],
    });
    // Opened on the 21st in its trial: nothing to pay but the fee, of a USD payment.
    const newcomer = await restaurant(t, 'Newcomer', {
      plan: 'starter',
      status: 'trial',
      currency: 'usd',
      exchangeRate: 1.08,
      createdAt: d('2030-03-21T00:00:00Z'),
      tables: 3,
    });
    await addActivity(t.database.db, newcomer, {
      currency: 'usd',
      payments: [{ at: d('2030-03-22T19:00:00Z'), cents: 10_800 }],
    });

    const subs = await subscriptions(t.database.db, d('2030-03-20T12:00:00Z'));
    expect(subs).toMatchObject({
      month: '2030-03',
      monthStart: '2030-03-01T00:00:00.000Z',
      monthEnd: '2030-04-01T00:00:00.000Z',
    });
    const invoice = subs.invoices.find((i) => i.restaurantId === gusto);
    expect(invoice).toEqual({
      restaurantId: gusto,
      name: 'Gusto',
      status: 'active',
      plan: 'enterprise',
      tables: 40,
      lines: [
        {
          plan: 'growth',
          from: '2030-03-01T00:00:00.000Z',
          to: '2030-03-11T00:00:00.000Z',
          // 199.00 × 10/31 = 64.1935 → 64.19
          planCents: 6_419,
          // 5 extra tables × 3.50 × 10/31 = 5.6452 → 5.65
          extraTables: 5,
          extraTableUnitCents: 350,
          extraTablesCents: 565,
        },
        {
          plan: 'enterprise',
          from: '2030-03-11T00:00:00.000Z',
          to: '2030-04-01T00:00:00.000Z',
          // 1,990.00 / 12 × 21/31 = 112.3387 → 112.34; 40 tables are within the 50 included
          planCents: 11_234,
          extraTables: 0,
          extraTableUnitCents: 290,
          extraTablesCents: 0,
        },
      ],
      planCents: 17_653,
      extraTablesCents: 565,
      // March's payments only, tips excluded: 1,000.00 + 1.00
      payments: { currency: 'eur', cents: 100_100 },
      paymentsEurCents: 100_100,
      // 1.9% of 1,001.00 = 19.019 → 19.02
      feeCents: 1_902,
      totalCents: 17_653 + 565 + 1_902,
    });
    expect(subs.invoices.find((i) => i.restaurantId === newcomer)).toMatchObject({
      lines: [{ plan: 'starter', from: '2030-03-21T00:00:00.000Z', planCents: 0 }],
      payments: { currency: 'usd', cents: 10_800 },
      // USD 108.00 at 1 EUR = 1.08 USD
      paymentsEurCents: 10_000,
      feeCents: 190,
      totalCents: 190,
    });
    // The demo restaurant: Growth Grill all month, 12 tables, no payments.
    expect(subs.invoices.find((i) => i.restaurantId === t.restaurantId)).toMatchObject({
      planCents: 19_900,
      extraTablesCents: 0,
      feeCents: 0,
      totalCents: 19_900,
    });
    expect(
      subs.plans.map((p) => [p.id, p.name, p.priceCents, p.customers, p.revenueCents]),
    ).toEqual([
      ['starter', 'Starter Feast', 0, 1, 190],
      ['growth', 'Growth Grill', 19_900, 1, 19_900],
      ['enterprise', 'Enterprise Empire', 199_000, 1, 20_120],
    ]);
    expect(subs.plans[2]!.features).toContain('White-label');
    expect(subs.total).toBe(3);
    // Highest total first.
    expect(subs.invoices.map((i) => i.restaurantId)).toEqual([gusto, t.restaurantId, newcomer]);
  });

  it('shows the team a paid order in the current month at once', async () => {
    const team = await signInAs(t, 'team');
    const manager = await signInAs(t, 'manager');
    const before = (await client(t.app).as(team).call(platformRoutes.listSubscriptions)).data;
    const demoBefore = before.invoices.find((i) => i.restaurantId === t.restaurantId)!;

    const placed = await placeGuestOrder(t, 'QR-T3', [['Margherita Pizza', 2]]);
    expect(placed.status).toBe(201);
    const summary = await client(t.app).call(diningSessionsRoutes.getSessionSummary, {
      query: { token: 'QR-T3' },
    });
    const { sessionId, totalAmount } = summary.data;
    const paid = await client(t.app)
      .as(manager)
      .call(paymentsRoutes.recordPayment, { params: { id: sessionId! }, body: { method: 'card' } });
    expect(paid.status, paid.res.body).toBe(201);

    const after = (await client(t.app).as(team).call(platformRoutes.listSubscriptions)).data;
    const demoAfter = after.invoices.find((i) => i.restaurantId === t.restaurantId)!;
    expect(totalAmount).toBeGreaterThan(0);
    expect(demoAfter.payments.cents - demoBefore.payments.cents).toBe(
      Math.round(totalAmount * 100),
    );
    expect(demoAfter.feeCents).toBe(Math.round((demoAfter.paymentsEurCents * 190) / 10_000));
  });
});

describe.each(BACKENDS)('platform analytics on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('computes MRR, ARR, GMV, fees, orders, restaurants, trials and churn, and the last 30 days', async () => {
    const now = d('2030-06-15T12:00:00Z');
    const day = 86_400_000;
    // The demo restaurant: Growth Grill, active, 12 tables → 199.00 a month.
    const atlas = await restaurant(t, 'Atlas', {
      plan: 'enterprise',
      status: 'active',
      tables: 52,
    });
    const bronx = await restaurant(t, 'Bronx Grill', {
      plan: 'growth',
      status: 'active',
      currency: 'usd',
      exchangeRate: 1.08,
      tables: 40,
    });
    await restaurant(t, 'Ending Soon', {
      status: 'trial',
      trialEndsAt: new Date(now.getTime() + 3 * day),
    });
    await restaurant(t, 'Ended', { status: 'trial', trialEndsAt: new Date(now.getTime() - day) });
    await restaurant(t, 'Later', {
      status: 'trial',
      trialEndsAt: new Date(now.getTime() + 10 * day),
    });
    await restaurant(t, 'Stopped', { plan: 'growth', status: 'suspended', tables: 50 });

    await addActivity(t.database.db, atlas, {
      orders: [
        { at: d('2030-05-16T23:59:59Z'), cents: 100 },
        { at: d('2030-05-17T00:00:00Z'), cents: 100 },
        { at: d('2030-06-14T23:59:59Z'), cents: 2_000 },
        { at: d('2030-06-15T09:00:00Z'), cents: 1_000 },
        { at: d('2030-06-15T10:00:00Z'), cents: 9_999, cancelled: true },
      ],
      payments: [
        { at: d('2030-05-16T23:00:00Z'), cents: 50_000 },
        { at: d('2030-05-17T00:00:00Z'), cents: 1 },
        { at: d('2030-06-14T08:00:00Z'), cents: 10_000 },
        { at: d('2030-06-15T11:00:00Z'), cents: 12_345, tipCents: 500 },
      ],
    });
    await addActivity(t.database.db, bronx, {
      currency: 'usd',
      orders: [{ at: d('2030-06-15T08:00:00Z'), cents: 10_800 }],
      payments: [{ at: d('2030-06-15T10:00:00Z'), cents: 10_800 }],
    });

    const a: PlatformAnalytics = await platformAnalytics(t.database.db, now);
    expect(a.window).toEqual({
      from: '2030-05-17T00:00:00.000Z',
      to: '2030-06-16T00:00:00.000Z',
      days: 30,
    });
    expect(a.daily).toHaveLength(30);
    expect(a.daily[0]).toEqual({ date: '2030-05-17', orders: 1, gmvCents: 1, feeCents: 0 });
    expect(a.daily[28]).toEqual({ date: '2030-06-14', orders: 1, gmvCents: 10_000, feeCents: 190 });
    // 123.45 + USD 108.00 (= 100.00); 1.9% of 223.45 = 4.24555 → 4.25
    expect(a.daily[29]).toEqual({ date: '2030-06-15', orders: 2, gmvCents: 22_345, feeCents: 425 });
    expect(a.daily.slice(1, 28).every((x) => x.orders === 0 && x.gmvCents === 0)).toBe(true);
    // Demo 199.00 + Atlas 165.83 + 2 × 2.90 + Bronx 199.00 + 5 × 3.50
    const mrr = 19_900 + 16_583 + 580 + 19_900 + 1_750;
    expect(a).toMatchObject({
      mrrCents: mrr,
      arrCents: mrr * 12,
      gmvCents: 32_346,
      feeCents: 615,
      orders: 4,
      restaurants: {
        total: 7,
        active: 3,
        trials: 3,
        trialsEndingIn7Days: 1,
        churned: 2,
        suspended: 1,
        trialsExpired: 1,
      },
    });
  });

  it('is the team’s alone, over HTTP', async () => {
    const team = await signInAs(t, 'team');
    const res = await client(t.app).as(team).call(platformRoutes.getPlatformAnalytics);
    expect(res.status).toBe(200);
    expect(res.data.daily).toHaveLength(30);
    const admin = await signInAs(t, 'admin');
    const refused = await client(t.app).as(admin).call(platformRoutes.getPlatformAnalytics);
    expect(refused.status).toBe(403);
  });
});
