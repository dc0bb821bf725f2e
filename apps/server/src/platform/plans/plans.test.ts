import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  PLAN_CHANGE_THROUGH_BILLING,
  TRIAL_ENDED_FOR_GUESTS,
  menuRoutes,
  ordersRoutes,
  platformRoutes,
  restaurantAccountRoutes,
  staffRoutes,
  tablesRoutes,
} from '@tavola/contract';
import {
  auditLog,
  menuItems,
  planChanges,
  restaurants,
  tables,
  users,
} from '../../core/db/schema.js';
import { createOtherRestaurant, signInAs, type OtherRestaurant } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { assertCanAdd } from './entitlements.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('plans on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let team: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    team = await signInAs(t, 'team');
  });
  afterAll(async () => t?.close());

  async function addTables(restaurantId: string, count: number, from = 1) {
    await t.database.db.insert(tables).values(
      Array.from({ length: count }, (_, i) => ({
        restaurantId,
        number: from + i,
        qrToken: `PL-${restaurantId.slice(0, 8)}-${from + i}`,
      })),
    );
  }

  async function addWaiters(restaurantId: string, count: number) {
    await t.database.db.insert(users).values(
      Array.from({ length: count }, (_, i) => ({
        restaurantId,
        username: `w${i}-${restaurantId.slice(0, 8)}`,
        passwordHash: 'x',
        role: 'waiter' as const,
        name: `Waiter ${i}`,
      })),
    );
  }

  /** A restaurant in its free trial, with an admin, a manager and a waiter signed in. */
  async function trialRestaurant(name: string): Promise<OtherRestaurant> {
    const r = await createOtherRestaurant(t, {
      name,
      status: 'trial',
      plan: 'starter',
      roles: ['admin', 'manager', 'waiter'],
    });
    await t.database.db
      .update(restaurants)
      .set({ trialEndsAt: new Date(Date.now() + 5 * 86_400_000) })
      .where(eq(restaurants.id, r.id));
    return r;
  }

  describe('extra tables and staff on the paid plans', () => {
    it('lets Growth Grill add tables past the 35 included (20 at once) and bills each extra table', async () => {
      const r = await createOtherRestaurant(t, { name: 'Big Grill', plan: 'growth' });
      // Billed for the whole month: it has been with Tavola for years.
      await t.database.db
        .update(restaurants)
        .set({ createdAt: new Date('2020-01-01T00:00:00Z') })
        .where(eq(restaurants.id, r.id));
      await addTables(r.id, 34);
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api
            .as(r.tokens.manager!)
            .call(tablesRoutes.createTable, { body: { number: 100 + i, capacity: 4 } }),
        ),
      );
      expect(results.map((x) => x.status)).toEqual(Array(20).fill(201));
      const subs = (await api.as(team).call(platformRoutes.listSubscriptions)).data;
      const invoice = subs.invoices.find((i) => i.restaurantId === r.id);
      expect(invoice).toMatchObject({
        plan: 'growth',
        tables: 54,
        planCents: 19_900,
        // 54 − 35 = 19 extra tables × EUR 3.50
        extraTablesCents: 6_650,
        feeCents: 0,
        totalCents: 26_550,
      });
    });

    it('lets the paid plans add any number of staff accounts (20 at once)', async () => {
      const r = await createOtherRestaurant(t, { name: 'Busy Grill', plan: 'growth' });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          api.as(r.tokens.manager!).call(staffRoutes.createStaff, {
            body: {
              name: `Waiter ${i}`,
              username: `busy-${i}-${r.id.slice(0, 6)}`,
              password: 'waiter-pass-1',
              role: 'waiter',
            },
          }),
        ),
      );
      expect(results.map((x) => x.status)).toEqual(Array(20).fill(201));
    });

    it('keeps white label and custom integrations to Enterprise Empire at the one check point', async () => {
      const growth = await createOtherRestaurant(t, { name: 'Plain', plan: 'growth' });
      const enterprise = await createOtherRestaurant(t, { name: 'Branded', plan: 'enterprise' });
      const check = (id: string, what: 'white_label' | 'integrations') =>
        t.database.db.transaction((tx) => assertCanAdd(tx, id, what));
      await expect(check(growth.id, 'white_label')).rejects.toMatchObject({
        statusCode: 403,
        message:
          'White label is not part of the Growth Grill plan; the Enterprise Empire plan includes it.',
      });
      await expect(check(growth.id, 'integrations')).rejects.toMatchObject({ statusCode: 403 });
      await expect(check(enterprise.id, 'white_label')).resolves.toBeUndefined();
      await expect(check(enterprise.id, 'integrations')).resolves.toBeUndefined();
    });
  });

  describe("the guest's notice", () => {
    afterEach(() => vi.useRealTimers());

    async function noticeOf(restaurantId: string) {
      await addTables(restaurantId, 1);
      const [table] = await t.database.db
        .select()
        .from(tables)
        .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)));
      return async () =>
        (await api.call(menuRoutes.getPublicMenu, { query: { token: table!.qrToken } })).data
          .restaurant.orderingPaused;
    }

    it('tells guests ordering is paused from the moment the trial ends, though the menu was served before', async () => {
      const r = await trialRestaurant('Notice Café');
      const notice = await noticeOf(r.id);
      expect(await notice()).toBeNull();
      // Six days on, past the trial's end: no event says so, the clock does.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 6 * 86_400_000);
      expect(await notice()).toBe(TRIAL_ENDED_FOR_GUESTS);
    });

    it('takes the notice away the moment a plan is set', async () => {
      const r = await trialRestaurant('Chosen Café');
      await t.database.db
        .update(restaurants)
        .set({ trialEndsAt: new Date(Date.now() - 1000) })
        .where(eq(restaurants.id, r.id));
      const notice = await noticeOf(r.id);
      expect(await notice()).toBe(TRIAL_ENDED_FOR_GUESTS);
      const chosen = await api.as(team).call(platformRoutes.changeRestaurantPlan, {
        params: { id: r.id },
        body: {
          plan: 'growth',
        },
      });
      expect(chosen.status).toBe(200);
      // At once: the plan change drops the cached restaurant, no waiting for it to expire.
      expect(await notice()).toBeNull();
    });
  });

  describe('plan changes', () => {
    it('never lets a restaurant start a paid plan itself: an ended trial stays paused, the refusal says what to do, and the request reaches the team', async () => {
      const r = await trialRestaurant('Upgrade Bistro');
      await addTables(r.id, 1);
      const [table] = await t.database.db
        .select()
        .from(tables)
        .where(and(eq(tables.restaurantId, r.id), isNull(tables.archivedAt)));
      const [item] = await t.database.db
        .insert(menuItems)
        .values({
          restaurantId: r.id,
          name: 'Tea',
          category: 'drinks',
          priceCents: 300,
          currency: 'eur',
        })
        .returning();
      const order = () =>
        api.call(ordersRoutes.placeOrder, {
          body: { token: table!.qrToken, items: [{ menuItemId: item!.id, quantity: 1 }] },
        });
      await t.database.db
        .update(restaurants)
        .set({ trialEndsAt: new Date(Date.now() - 1000) })
        .where(eq(restaurants.id, r.id));
      expect((await order()).status).toBe(403);

      const read = await api.as(r.tokens.waiter!).call(restaurantAccountRoutes.getRestaurantPlan);
      expect(read.status).toBe(200);
      expect(read.data).toMatchObject({
        plan: 'starter',
        status: 'trial',
        trialEnded: true,
        usage: { tables: 1, staff: 2, whiteLabel: false, integrations: 0 },
        planChangedAt: null,
      });

      // The admin switching the plan on by themselves: refused, with the way to a paid plan.
      for (const plan of ['growth', 'enterprise', 'starter'] as const) {
        const refused = await api
          .as(r.tokens.admin!)
          .call(restaurantAccountRoutes.changeOwnPlan, { body: { plan } });
        expect(refused.status).toBe(403);
        expect(refused.body).toMatchObject({
          success: false,
          error: PLAN_CHANGE_THROUGH_BILLING,
        });
      }
      expect(PLAN_CHANGE_THROUGH_BILLING).toMatch(/Request upgrade/);
      for (const token of [r.tokens.manager!, r.tokens.waiter!, team]) {
        expect(
          (
            await api
              .as(token)
              .call(restaurantAccountRoutes.changeOwnPlan, { body: { plan: 'growth' } })
          ).status,
        ).toBe(403);
      }
      expect((await api.as(team).call(restaurantAccountRoutes.getRestaurantPlan)).status).toBe(403);
      const still = (await api.as(r.tokens.admin!).call(restaurantAccountRoutes.getRestaurantPlan))
        .data;
      expect(still).toMatchObject({ plan: 'starter', status: 'trial', trialEnded: true });
      expect((await order()).status).toBe(403);
      expect(
        await t.database.db.select().from(planChanges).where(eq(planChanges.restaurantId, r.id)),
      ).toEqual([]);

      // What the refusal points to: the admin requests the upgrade, the team hears of it.
      const request = () =>
        api
          .as(r.tokens.admin!)
          .call(restaurantAccountRoutes.requestPlanUpgrade, { body: { plan: 'growth' } });
      const requested = await request();
      expect(requested.status).toBe(201);
      const { ticketId } = requested.data;
      expect(requested.data).toMatchObject({ plan: 'growth', alreadyRequested: false });
      // Asking again while the team has not answered adds nothing.
      expect((await request()).data).toMatchObject({ ticketId, alreadyRequested: true });
      expect(
        (
          await api.as(r.tokens.manager!).call(restaurantAccountRoutes.requestPlanUpgrade, {
            body: {
              plan: 'growth',
            },
          })
        ).status,
      ).toBe(403);
      const down = await api.as(r.tokens.admin!).call(restaurantAccountRoutes.requestPlanUpgrade, {
        body: {
          plan: 'starter',
        },
      });
      expect(down.status).toBe(409);
      const tickets = (
        await api.as(team).call(platformRoutes.listAllSupportTickets)
      ).data.tickets.filter((x) => x.id === ticketId);
      expect(tickets).toHaveLength(1);
      expect(tickets[0]!.subject).toBe('Upgrade to Growth Grill');
      expect(
        await t.database.db.select().from(planChanges).where(eq(planChanges.restaurantId, r.id)),
      ).toEqual([]);

      // The billing path: the team moves it, and guests order again.
      const moved = await api.as(team).call(platformRoutes.changeRestaurantPlan, {
        params: { id: r.id },
        body: {
          plan: 'growth',
        },
      });
      expect(moved.status).toBe(200);
      expect(moved.data).toMatchObject({
        plan: 'growth',
        status: 'active',
        trialEndsAt: null,
        trialEnded: false,
      });
      expect((await order()).status).toBe(201);
      const again = await api.as(team).call(platformRoutes.changeRestaurantPlan, {
        params: { id: r.id },
        body: {
          plan: 'growth',
        },
      });
      expect(again.status).toBe(409);
      expect(again.error).toBe('Upgrade Bistro is already on the Growth Grill plan');
      const audit = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.restaurantId, r.id), eq(auditLog.action, 'restaurant.plan_changed')),
        );
      expect(audit.map((a) => a.details)).toEqual([{ from: 'starter', to: 'growth', by: 'team' }]);
    });

    it("lets the team set the trial's limits: a trial restaurant then staffs a kitchen, a bar and a floor", async () => {
      const r = await trialRestaurant('Kitchen Bar Floor');
      const addStaff = (n: number) =>
        api.as(r.tokens.manager!).call(staffRoutes.createStaff, {
          body: {
            name: `Cook ${n}`,
            username: `cook${n}-${r.id.slice(0, 6)}`,
            password: 'a fine long password 9',
            role: 'kitchen',
          },
        });
      // The spec's Starter numbers by default: the manager and the waiter fill the 2 accounts.
      const plan = (await api.as(r.tokens.manager!).call(restaurantAccountRoutes.getRestaurantPlan))
        .data;
      expect(plan).toMatchObject({ usage: { staff: 2 }, limits: { tables: 5, staff: 2 } });
      const refused = await addStaff(1);
      expect(refused.status).toBe(409);
      expect(refused.error).toBe(
        'The Starter Feast plan includes 2 staff accounts; the Growth Grill plan has unlimited staff.',
      );

      const bad = await api
        .as(team)
        .call(platformRoutes.updatePlatformSettings, { body: { trialStaff: 0 } });
      expect(bad.status).toBe(400);
      expect(bad.error).toBe('Trial staff accounts must be between 1 and 50');
      const raised = await api.as(team).call(platformRoutes.updatePlatformSettings, {
        body: {
          trialStaff: 5,
          trialTables: 8,
        },
      });
      expect(raised.status).toBe(200);
      expect(raised.data).toMatchObject({ trialStaff: 5, trialTables: 8 });

      expect(
        (await api.as(r.tokens.manager!).call(restaurantAccountRoutes.getRestaurantPlan)).data
          .limits,
      ).toEqual({
        tables: 8,
        staff: 5,
      });
      for (const n of [2, 3, 4]) expect((await addStaff(n)).status).toBe(201);
      const fifth = await addStaff(5);
      expect(fifth.status).toBe(409);
      expect(fifth.error).toBe(
        'The Starter Feast plan includes 5 staff accounts; the Growth Grill plan has unlimited staff.',
      );
      // Tables too: 8 fit, the ninth does not.
      await addTables(r.id, 8);
      await expect(
        t.database.db.transaction((tx) => assertCanAdd(tx, r.id, 'tables')),
      ).rejects.toThrow('The Starter Feast plan includes up to 8 tables');
      await api
        .as(team)
        .call(platformRoutes.updatePlatformSettings, { body: { trialStaff: 2, trialTables: 5 } });
    });

    it('refuses a downgrade that the usage exceeds, listing what to remove, and allows it once removed', async () => {
      const r = await createOtherRestaurant(t, {
        name: 'Empire Hall',
        plan: 'enterprise',
        roles: ['admin', 'manager'],
      });
      await addTables(r.id, 8);
      await addWaiters(r.id, 2);
      await t.database.db
        .update(restaurants)
        .set({ branding: { brandName: 'Empire', primaryColor: '#112233' } })
        .where(eq(restaurants.id, r.id));
      const plan = { params: { id: r.id } };

      const toStarter = await api
        .as(team)
        .call(platformRoutes.changeRestaurantPlan, { ...plan, body: { plan: 'starter' } });
      expect(toStarter.status).toBe(409);
      expect(toStarter.body).toEqual({
        success: false,
        error:
          'The restaurant uses more than the Starter Feast plan allows. Remove first: 3 tables (8 in use, 5 allowed); 1 staff account (3 active, 2 allowed; deactivate them); the white-label branding (brand name, colour and logo).',
        code: 'CONFLICT',
      });
      const toGrowth = await api
        .as(team)
        .call(platformRoutes.changeRestaurantPlan, { ...plan, body: { plan: 'growth' } });
      expect(toGrowth.status).toBe(409);
      expect(toGrowth.error).toBe(
        'The restaurant uses more than the Growth Grill plan allows. Remove first: the white-label branding (brand name, colour and logo).',
      );
      // Nothing changed.
      expect(
        (await api.as(team).call(platformRoutes.getRestaurantPlanForTeam, plan)).data.plan,
      ).toBe('enterprise');

      await t.database.db.update(restaurants).set({ branding: {} }).where(eq(restaurants.id, r.id));
      const ok = await api
        .as(team)
        .call(platformRoutes.changeRestaurantPlan, { ...plan, body: { plan: 'growth' } });
      expect(ok.status).toBe(200);
      expect(ok.data).toMatchObject({ plan: 'growth', status: 'active' });
      const [audit] = await t.database.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.restaurantId, r.id), eq(auditLog.action, 'restaurant.plan_changed')),
        );
      expect(audit?.details).toEqual({ from: 'enterprise', to: 'growth', by: 'team' });
    });

    it('answers 404 for an unknown restaurant and keeps every restaurant role out of the platform routes', async () => {
      const unknown = '00000000-0000-4000-8000-000000000000';
      expect(
        (
          await api.as(team).call(platformRoutes.changeRestaurantPlan, {
            params: { id: unknown },
            body: { plan: 'growth' },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await api.as(team).send(platformRoutes.changeRestaurantPlan, {
            params: { id: t.restaurantId },
            body: {
              plan: 'gold',
            },
          })
        ).status,
      ).toBe(400);
      for (const role of ['admin', 'manager', 'waiter'] as const) {
        const as = api.as(await signInAs(t, role));
        const restaurant = { params: { id: t.restaurantId } };
        for (const [what, res] of [
          ['subscriptions', await as.call(platformRoutes.listSubscriptions)],
          ['analytics', await as.call(platformRoutes.getPlatformAnalytics)],
          ['plan', await as.call(platformRoutes.getRestaurantPlanForTeam, restaurant)],
          [
            'change plan',
            await as.call(platformRoutes.changeRestaurantPlan, {
              ...restaurant,
              body: { plan: 'enterprise' },
            }),
          ],
        ] as const) {
          expect(res.status, `${role} ${what}`).toBe(403);
        }
      }
    });

    it('pauses ordering when the trial ends and resumes it the moment a plan is set', async () => {
      const r = await trialRestaurant('Paused Café');
      await addTables(r.id, 1);
      const [table] = await t.database.db
        .select()
        .from(tables)
        .where(and(eq(tables.restaurantId, r.id), isNull(tables.archivedAt)));
      const [item] = await t.database.db
        .insert(menuItems)
        .values({
          restaurantId: r.id,
          name: 'Tea',
          category: 'drinks',
          priceCents: 300,
          currency: 'eur',
        })
        .returning();
      const order = () =>
        api.call(ordersRoutes.placeOrder, {
          body: { token: table!.qrToken, items: [{ menuItemId: item!.id, quantity: 1 }] },
        });
      await t.database.db
        .update(restaurants)
        .set({ trialEndsAt: new Date(Date.now() - 1000) })
        .where(eq(restaurants.id, r.id));
      expect((await order()).status).toBe(403);
      const plan = (await api.as(r.tokens.waiter!).call(restaurantAccountRoutes.getRestaurantPlan))
        .data;
      expect(plan).toMatchObject({ trialEnded: true, status: 'trial' });

      // Staff can still sign in and see it (the banner); the team sets the paid plan.
      const chosen = await api.as(team).call(platformRoutes.changeRestaurantPlan, {
        params: { id: r.id },
        body: {
          plan: 'growth',
        },
      });
      expect(chosen.data).toMatchObject({ trialEnded: false, status: 'active' });
      expect((await order()).status).toBe(201);
    });

    it('lets the team give a Starter Feast restaurant a new trial', async () => {
      const r = await trialRestaurant('Second Chance');
      await t.database.db
        .update(restaurants)
        .set({ trialEndsAt: new Date(Date.now() - 86_400_000) })
        .where(eq(restaurants.id, r.id));
      const res = await api.as(team).call(platformRoutes.changeRestaurantPlan, {
        params: { id: r.id },
        body: {
          plan: 'starter',
        },
      });
      expect(res.status).toBe(200);
      const data = res.data;
      expect(data).toMatchObject({ plan: 'starter', status: 'trial', trialEnded: false });
      const days = (new Date(data.trialEndsAt!).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThanOrEqual(14);
    });

    it('never lets tables added at the same time as a downgrade exceed the smaller plan', async () => {
      const r = await createOtherRestaurant(t, { name: 'Racing Grill', plan: 'growth' });
      await addTables(r.id, 4);
      const [downgrade, ...adds] = await Promise.all([
        api.as(team).call(platformRoutes.changeRestaurantPlan, {
          params: { id: r.id },
          body: { plan: 'starter' },
        }),
        ...Array.from({ length: 10 }, (_, i) =>
          api
            .as(r.tokens.manager!)
            .call(tablesRoutes.createTable, { body: { number: 50 + i, capacity: 2 } }),
        ),
      ]);
      const [row] = await t.database.db
        .select({ plan: restaurants.plan })
        .from(restaurants)
        .where(eq(restaurants.id, r.id));
      const [count] = await t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(tables)
        .where(and(eq(tables.restaurantId, r.id), isNull(tables.archivedAt)));
      if (row!.plan === 'starter') {
        expect(downgrade.status).toBe(200);
        expect(Number(count!.n)).toBeLessThanOrEqual(5);
      } else {
        expect(downgrade.status).toBe(409);
        expect(Number(count!.n)).toBe(14);
      }
      expect(adds.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    });
  });
});
