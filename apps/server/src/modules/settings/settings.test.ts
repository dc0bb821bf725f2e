import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_IDLE_MINUTES_DEFAULT, authRoutes, settingsRoutes } from '@tavola/contract';
import { restaurants } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('PUT /api/restaurant/settings on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
  });
  afterAll(async () => t?.close());

  const body = {
    name: 'Trattoria Demo',
    currency: 'eur',
    exchangeRate: 1.08,
    taxRate: 10,
    serviceCharge: 0,
    timezone: 'Europe/Rome',
    publicUrl: null,
  };
  // Sent unchecked: some tests send settings the route must refuse.
  const put = (change: object) =>
    api.as(manager).send(settingsRoutes.updateRestaurantSettings, { body: { ...body, ...change } });
  const storedRate = async () => {
    const [row] = await t.database.db
      .select({ rate: restaurants.exchangeRate })
      .from(restaurants)
      .where(eq(restaurants.id, t.restaurantId));
    return row?.rate;
  };

  // numeric(12,6) keeps six decimals: a smaller rate would be stored as 0.
  it.each([0.0000001, 0.0000004, 1e-12, 0.0000009])(
    'refuses the exchange rate %s with a 400',
    async (exchangeRate) => {
      const before = await storedRate();
      const res = await put({ exchangeRate });
      expect(res.status, res.res.body).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'Exchange rate must be at least 0.000001',
        code: 'VALIDATION',
      });
      expect(await storedRate()).toBe(before);
    },
  );

  it('keeps a language the restaurant chose, only one with a staff catalog (English, Italian), and the user has one too', async () => {
    const kept = await put({});
    expect(kept.data.locale).toBe('en');
    expect((await put({ locale: 'it' })).data.locale).toBe('it');
    expect((await put({ locale: 'en' })).data.locale).toBe('en');
    const refused = await put({ locale: 'xx' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      success: false,
      error: 'locale must be one of: en, it',
      code: 'VALIDATION',
    });
    const profile = await api.as(manager).call(authRoutes.getProfile);
    expect(profile.data.locale).toBe('en');
  });

  it('accepts the smallest and largest rates it can store', async () => {
    for (const exchangeRate of [0.000001, 1000]) {
      const res = await put({ exchangeRate });
      expect(res.status, res.res.body).toBe(200);
      expect(res.data.exchangeRate).toBe(exchangeRate);
    }
    expect((await put({ exchangeRate: 1000.5 })).status).toBe(400);
    expect((await put({ exchangeRate: 1.08 })).status).toBe(200);
  });

  it("keeps the idle table time within the contract's bounds, and as it was when left out", async () => {
    const stored = async () => {
      const [row] = await t.database.db
        .select({ minutes: restaurants.sessionIdleMinutes })
        .from(restaurants)
        .where(eq(restaurants.id, t.restaurantId));
      return row?.minutes;
    };
    expect(await stored()).toBe(SESSION_IDLE_MINUTES_DEFAULT);
    const saved = await put({ sessionIdleMinutes: 45 });
    expect(saved.status, saved.res.body).toBe(200);
    expect(saved.data.sessionIdleMinutes).toBe(45);
    for (const [sessionIdleMinutes, error] of [
      [4, 'Idle table timeout must be between 5 and 720 minutes'],
      [721, 'Idle table timeout must be between 5 and 720 minutes'],
      [12.5, 'Idle table timeout must be a whole number of minutes'],
      ['ten', 'Idle table timeout must be a number of minutes'],
    ] as const) {
      const res = await put({ sessionIdleMinutes });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error, code: 'VALIDATION' });
    }
    // An older client that does not send it leaves it alone.
    expect((await put({})).status).toBe(200);
    expect(await stored()).toBe(45);
    const read = await api.as(manager).call(settingsRoutes.getRestaurantSettings);
    expect(read.data.sessionIdleMinutes).toBe(45);
  });
});
