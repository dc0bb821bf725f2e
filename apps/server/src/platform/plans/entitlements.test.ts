import { ordersRoutes, staffRoutes, tablesRoutes } from '@tavola/contract';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, orders, restaurants, tables, users } from '../../core/db/schema.js';
import { hashPassword } from '../../core/auth/password.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('plan limits on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let restaurantId: string;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    // A new Starter Feast restaurant in its trial, with its manager and no tables yet.
    const [r] = await t.database.db
      .insert(restaurants)
      .values({
        name: 'Corner Café',
        slug: `corner-${backend}`,
        status: 'trial',
        plan: 'starter',
        trialEndsAt: new Date(Date.now() + 7 * 86_400_000),
      })
      .returning();
    restaurantId = r!.id;
    await t.database.db.insert(users).values({
      restaurantId,
      name: 'Corner Manager',
      username: `corner-mgr-${backend}`,
      passwordHash: await hashPassword('corner-manager'),
      role: 'manager',
    });
    manager = (await loginAs(t.app, `corner-mgr-${backend}`, 'corner-manager')).token;
  });
  afterAll(async () => t?.close());

  it('allows 5 tables on Starter Feast, however many are created at once (20 in parallel), and names the plan for more', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.as(manager).call(tablesRoutes.createTable, { body: { number: i + 1, capacity: 4 } }),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = results.filter((r) => r.status !== 201);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.error).toMatch(/Starter Feast.*5 tables.*Growth Grill/);
    }
    const rows = await t.database.db
      .select()
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)));
    expect(rows).toHaveLength(5);
  });

  it('allows 2 staff accounts on Starter Feast, however many are created at once (20 in parallel)', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.as(manager).call(staffRoutes.createStaff, {
          body: {
            name: `Waiter ${i}`,
            username: `corner-w${i}-${backend}`,
            password: 'waiter-pass-1',
            role: 'waiter',
          },
        }),
      ),
    );
    const created = results.filter((r) => r.status === 201);
    // The manager already counts as one of the two.
    expect(created).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(409);
      expect(r.error).toMatch(/Starter Feast.*2 staff accounts.*Growth Grill/);
    }
    const staff = await t.database.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.restaurantId, restaurantId),
          ne(users.status, 'inactive'),
          ne(users.role, 'admin'),
        ),
      );
    expect(staff).toHaveLength(2);
  });

  it('stops adding tables and staff once the trial has ended', async () => {
    await t.database.db
      .update(restaurants)
      .set({ trialEndsAt: new Date(Date.now() - 1000) })
      .where(eq(restaurants.id, restaurantId));
    const [table] = await t.database.db
      .select()
      .from(tables)
      .where(eq(tables.restaurantId, restaurantId))
      .limit(1);
    await t.database.db.delete(tables).where(eq(tables.id, table!.id));
    const more = await api
      .as(manager)
      .call(tablesRoutes.createTable, { body: { number: 40, capacity: 2 } });
    expect(more.status).toBe(403);
    expect(more.error).toMatch(/trial has ended/i);
    // Deactivating the second account frees a place, but an ended trial takes no new accounts.
    const staff = await api.as(manager).call(staffRoutes.createStaff, {
      body: {
        name: 'Late Waiter',
        username: `corner-late-${backend}`,
        password: 'waiter-pass-1',
        role: 'waiter',
      },
    });
    expect(staff.status).toBe(403);
    expect(staff.error).toMatch(/trial has ended/i);
  });

  it('pauses guest ordering once the trial has ended, and tells the guest why', async () => {
    const [item] = await t.database.db
      .insert(menuItems)
      .values({
        restaurantId,
        name: 'Espresso',
        category: 'drinks',
        priceCents: 250,
        currency: 'eur',
      })
      .returning();
    const [table] = await t.database.db
      .select()
      .from(tables)
      .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt)))
      .limit(1);
    const order = () =>
      api.call(ordersRoutes.placeOrder, {
        body: { token: table!.qrToken, items: [{ menuItemId: item!.id, quantity: 1 }] },
      });
    const setTrialEnd = (at: Date) =>
      t.database.db
        .update(restaurants)
        .set({ trialEndsAt: at })
        .where(eq(restaurants.id, restaurantId));

    await setTrialEnd(new Date(Date.now() + 86_400_000));
    expect((await order()).status).toBe(201);

    await setTrialEnd(new Date(Date.now() - 1000));
    const refused = await order();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      error: expect.stringMatching(/trial has ended.*ordering.*paused/i),
      code: 'FORBIDDEN',
    });
    const placed = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.restaurantId, restaurantId));
    expect(placed).toHaveLength(1);
  });
});
