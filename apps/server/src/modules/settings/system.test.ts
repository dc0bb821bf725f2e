import {
  ORDERING_PAUSED_GUEST_ORDERS_OFF,
  ORDERING_PAUSED_MAINTENANCE,
  SYSTEM_SETTING_LIMITS,
  authRoutes,
  diningSessionsRoutes,
  menuRoutes,
  platformRoutes,
  settingsRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restaurants, tables } from '../../core/db/schema.js';
import { placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

/** The system settings, validated, audited and applied. */
describe.each(BACKENDS)('system settings on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let admin: string;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    admin = await signInAs(t, 'admin');
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  const base = {
    name: 'Trattoria Demo',
    currency: 'eur',
    exchangeRate: 1.08,
    taxRate: 8.5,
    serviceCharge: 0,
    timezone: 'Europe/Rome',
    publicUrl: null,
  };
  // Sent unchecked: some tests send settings the route must refuse.
  const put = (change: object, token = admin) =>
    api.as(token).send(settingsRoutes.updateRestaurantSettings, { body: { ...base, ...change } });
  const stored = async () => {
    const [row] = await t.database.db
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, t.restaurantId));
    return row!;
  };

  it('saves every setting, reads them back, and audits what changed from what', async () => {
    const res = await put({
      taxRate: 10,
      serviceCharge: 12.5,
      pricesIncludeTax: false,
      autoBackup: false,
      notificationsEnabled: false,
      maintenanceMode: false,
      allowGuestOrders: true,
      orderTimeoutMinutes: 45,
      maxTableCapacity: 12,
    });
    expect(res.status, res.res.body).toBe(200);
    expect(res.data).toMatchObject({
      taxRate: 10,
      serviceCharge: 12.5,
      pricesIncludeTax: false,
      autoBackup: false,
      notificationsEnabled: false,
      maintenanceMode: false,
      allowGuestOrders: true,
      orderTimeoutMinutes: 45,
      maxTableCapacity: 12,
    });
    const read = await api.as(admin).call(settingsRoutes.getRestaurantSettings);
    expect(read.data).toEqual(res.data);
    const row = await stored();
    expect(row).toMatchObject({
      taxRateBps: 1000,
      serviceChargeBps: 1250,
      orderTimeoutMinutes: 45,
    });

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.restaurantId, t.restaurantId), eq(auditLog.action, 'restaurant.settings')),
      )
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.details).toMatchObject({
      changes: {
        taxRate: { from: 8.5, to: 10 },
        serviceCharge: { from: 0, to: 12.5 },
        pricesIncludeTax: { from: true, to: false },
        orderTimeoutMinutes: { from: SYSTEM_SETTING_LIMITS.orderTimeoutMinutes.default, to: 45 },
        maxTableCapacity: { from: SYSTEM_SETTING_LIMITS.maxTableCapacity.default, to: 12 },
      },
    });

    // A client that sends only the older fields (the manager's dialog) leaves the rest alone.
    const older = await put({ taxRate: 10, serviceCharge: 12.5 }, manager);
    expect(older.status, older.res.body).toBe(200);
    expect(older.data).toMatchObject({
      pricesIncludeTax: false,
      autoBackup: false,
      orderTimeoutMinutes: 45,
      maxTableCapacity: 12,
    });
    expect((await put({ maxTableCapacity: 20, pricesIncludeTax: true })).status).toBe(200);
  });

  it.each([
    [{ orderTimeoutMinutes: 4 }, 'Order timeout must be between 5 and 240 minutes'],
    [{ orderTimeoutMinutes: 241 }, 'Order timeout must be between 5 and 240 minutes'],
    [{ orderTimeoutMinutes: 12.5 }, 'Order timeout must be a whole number of minutes'],
    [{ orderTimeoutMinutes: 'soon' }, 'Order timeout must be a number of minutes'],
    [{ maxTableCapacity: 0 }, 'Max table capacity must be between 1 and 100 guests'],
    [{ maxTableCapacity: 101 }, 'Max table capacity must be between 1 and 100 guests'],
    [{ maxTableCapacity: 2.5 }, 'Max table capacity must be a whole number of guests'],
    [{ taxRate: 8.125 }, 'Tax rate can have at most two decimals'],
    [{ taxRate: -1 }, 'Tax rate cannot be negative'],
    [{ serviceCharge: 100.5 }, 'Service charge is at most 100%'],
    [{ maintenanceMode: 'yes' }, 'Maintenance mode must be on or off'],
    [{ allowGuestOrders: 1 }, 'Allow guest orders must be on or off'],
    [{ pricesIncludeTax: 'no' }, 'Prices include tax must be on or off'],
  ])('refuses %j with a 400 that says why', async (change, error) => {
    const before = await stored();
    const res = await put(change);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error, code: 'VALIDATION' });
    expect(await stored()).toEqual(before);
  });

  it('prices follow the currency’s habit when it changes and nothing is said: EUR include tax, USD add it', async () => {
    const usd = await put({ currency: 'usd' });
    expect(usd.data.pricesIncludeTax).toBe(false);
    const eur = await put({ currency: 'eur' });
    expect(eur.data.pricesIncludeTax).toBe(true);
    // Said explicitly, it is what was said.
    const usdIncluded = await put({ currency: 'usd', pricesIncludeTax: true });
    expect(usdIncluded.data.pricesIncludeTax).toBe(true);
    expect((await put({ currency: 'eur' })).data.pricesIncludeTax).toBe(true);
  });

  it('starts a new restaurant with its currency’s habit: EUR prices include tax, USD prices add it', async () => {
    const team = await signInAs(t, 'team');
    for (const [currency, included] of [
      ['eur', true],
      ['usd', false],
    ] as const) {
      const suffix = Math.random().toString(36).slice(2, 8);
      const created = await api.as(team).call(platformRoutes.createRestaurant, {
        body: {
          name: `Habit ${currency} ${suffix}`,
          currency,
          timezone: currency === 'usd' ? 'America/New_York' : 'Europe/Rome',
          plan: 'growth',
          admin: { name: 'Owner', username: `owner-${suffix}`, password: 'owner-pass-1x' },
        },
      });
      expect(created.status, created.res.body).toBe(201);
      const [row] = await t.database.db
        .select({ pricesIncludeTax: restaurants.pricesIncludeTax })
        .from(restaurants)
        .where(eq(restaurants.id, created.data.restaurant.id));
      expect(row?.pricesIncludeTax).toBe(included);
    }
  });

  it("tells every staff screen the notifications setting through the signed-in user's restaurant", async () => {
    const waiter = await signInAs(t, 'waiter');
    const profile = async () =>
      (await api.as(waiter).call(authRoutes.getProfile)).data.restaurant!.notifications_enabled;
    expect((await put({ notificationsEnabled: true })).status).toBe(200);
    expect(await profile()).toBe(true);
    expect((await put({ notificationsEnabled: false })).status).toBe(200);
    expect(await profile()).toBe(false);
  });

  it('is for the manager and the admin only', async () => {
    const waiter = await signInAs(t, 'waiter');
    expect((await put({ maintenanceMode: true }, waiter)).status).toBe(403);
    expect((await stored()).maintenanceMode).toBe(false);
  });

  describe('guests ordering paused', () => {
    const menu = async () =>
      (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T3' } })).data.restaurant;

    it.each([
      ['maintenance mode', { maintenanceMode: true }, ORDERING_PAUSED_MAINTENANCE],
      ['guest orders off', { allowGuestOrders: false }, ORDERING_PAUSED_GUEST_ORDERS_OFF],
      [
        'both (maintenance says it)',
        { maintenanceMode: true, allowGuestOrders: false },
        ORDERING_PAUSED_MAINTENANCE,
      ],
    ])(
      'with %s: the guest page says so and an order is refused with a 409',
      async (_, change, notice) => {
        expect((await put(change)).status).toBe(200);
        expect((await menu()).orderingPaused).toBe(notice);
        const refused = await placeGuestOrder(t, 'QR-T3', [['Espresso', 1]]);
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({ success: false, error: notice, code: 'CONFLICT' });

        expect((await put({ maintenanceMode: false, allowGuestOrders: true })).status).toBe(200);
        expect((await menu()).orderingPaused).toBeNull();
        const placed = await placeGuestOrder(t, 'QR-T3', [['Espresso', 1]]);
        expect(placed.status, placed.res.body).toBe(201);
      },
    );

    it('shows the guest page the tax and service charge it will be charged', async () => {
      await put({ taxRate: 8.5, serviceCharge: 15, pricesIncludeTax: false });
      expect((await menu()).charges).toEqual({
        taxRate: 8.5,
        serviceCharge: 15,
        pricesIncludeTax: false,
      });
      await put({ taxRate: 8.5, serviceCharge: 0, pricesIncludeTax: true });
    });
  });

  describe('max table capacity', () => {
    const table = async (n: number) =>
      (
        await t.database.db
          .select()
          .from(tables)
          .where(and(eq(tables.restaurantId, t.restaurantId), eq(tables.number, n)))
      )[0]!;

    it('bounds a table’s capacity, a party’s size, and is not lowered below a table', async () => {
      expect((await put({ maxTableCapacity: 8 })).status).toBe(200);
      const t2 = await table(2);

      const tooBig = await api.as(manager).call(tablesRoutes.updateTable, {
        params: { id: t2.id },
        body: {
          number: 2,
          capacity: 9,
        },
      });
      expect(tooBig.status).toBe(400);
      expect(tooBig.error).toBe(
        "Capacity must be at most 8 guests (the restaurant's max table capacity)",
      );
      expect((await table(2)).capacity).toBe(t2.capacity);
      const created = await api
        .as(manager)
        .call(tablesRoutes.createTable, { body: { number: 77, capacity: 9 } });
      expect(created.status).toBe(400);
      expect(created.error).toBe(
        "Capacity must be at most 8 guests (the restaurant's max table capacity)",
      );
      const fits = await api.as(manager).call(tablesRoutes.updateTable, {
        params: { id: t2.id },
        body: { number: 2, capacity: 8 },
      });
      expect(fits.status, fits.res.body).toBe(200);

      const party = (customerCount: number) =>
        api.call(diningSessionsRoutes.startSession, { body: { token: 'QR-T5', customerCount } });
      const large = await party(9);
      expect(large.status).toBe(400);
      expect(large.error).toBe(
        "customerCount must be at most 8 (the restaurant's max table capacity)",
      );
      expect((await party(8)).status).toBe(200);

      const lower = await put({ maxTableCapacity: 6 });
      expect(lower.status).toBe(409);
      expect(lower.error).toBe(
        'Table 2 seats 8 guests: lower its capacity first, or set the max table capacity to 8 or more',
      );
      expect((await stored()).maxTableCapacity).toBe(8);
      expect(
        (
          await api.as(manager).call(tablesRoutes.updateTable, {
            params: { id: t2.id },
            body: { number: 2, capacity: 4 },
          })
        ).status,
      ).toBe(200);
      expect((await put({ maxTableCapacity: 20 })).status).toBe(200);
    });
  });
});
