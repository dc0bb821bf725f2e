import { menuRoutes } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { menuItems } from '../core/db/schema.js';
import {
  BACKENDS,
  createTestApp,
  createTestDatabase,
  loginAs,
  type TestApp,
  type TestDatabase,
} from '../testing/harness.js';
import { listen, TestSocket } from '../testing/ws-client.js';
import { answerOf, bodyOf } from '../testing/client.js';

const NUL = '\u0000';

describe.each(BACKENDS)('control characters in text fields on %s', (backend) => {
  let t: TestApp;
  let manager: string;
  let menuItemId: string;

  beforeAll(async () => {
    t = await createTestApp(backend);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const menu = (await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' })).json<{
      data: { menu: Record<string, { id: string }[]> };
    }>().data.menu;
    menuItemId = menu.food![0]!.id;
  });
  afterAll(async () => t?.close());

  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, auth = false) =>
    t.app.inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: auth ? { authorization: `Bearer ${manager}` } : {},
    });
  // A getter: the menu item is known only once the app is up.
  const line = () => ({ menuItemId: menuItemId ?? 'unset', quantity: 1 });
  const menuItem = (over: object) => ({ name: 'Soup', category: 'food', price: 5, ...over });
  const settings = (over: object) => ({
    name: 'Trattoria',
    currency: 'eur',
    exchangeRate: 1.08,
    taxRate: 10,
    serviceCharge: 0,
    timezone: 'Europe/Rome',
    publicUrl: null,
    ...over,
  });

  // [what, method, url, body, signed in as manager]
  const cases: [string, 'GET' | 'POST' | 'PUT', string, (() => object) | undefined, boolean][] = [
    [
      'order notes',
      'POST',
      '/api/orders/public',
      () => ({ token: 'QR-T2', items: [line()], notes: `a${NUL}` }),
      false,
    ],
    [
      'order line notes',
      'POST',
      '/api/orders/public',
      () => ({ token: 'QR-T2', items: [{ ...line(), notes: `a${NUL}b` }] }),
      false,
    ],
    [
      'order token',
      'POST',
      '/api/orders/public',
      () => ({ token: `QR-T2${NUL}`, items: [line()] }),
      false,
    ],
    [
      'order menuItemId',
      'POST',
      '/api/orders/public',
      () => ({ token: 'QR-T2', items: [{ menuItemId: `x${NUL}`, quantity: 1 }] }),
      false,
    ],
    [
      'call-waiter message',
      'POST',
      '/api/tables/public/call-waiter',
      () => ({ token: 'QR-T3', message: `help${NUL}` }),
      false,
    ],
    [
      'session start token',
      'POST',
      '/api/sessions/public/start',
      () => ({ token: `QR-T3${NUL}` }),
      false,
    ],
    ['menu token', 'GET', '/api/menu/public?token=QR-T1%00', undefined, false],
    [
      'summary session id',
      'GET',
      '/api/sessions/public/summary?token=QR-T1&sessionId=a%00',
      undefined,
      false,
    ],
    [
      'login username',
      'POST',
      '/api/auth/login',
      () => ({ username: `waiter1${NUL}`, password: 'x' }),
      false,
    ],
    ['menu name', 'POST', '/api/menu', () => menuItem({ name: `Soup${NUL}` }), true],
    ['menu category', 'POST', '/api/menu', () => menuItem({ category: `food${NUL}` }), true],
    ['menu description', 'POST', '/api/menu', () => menuItem({ description: `hot${NUL}` }), true],
    ['menu tag', 'POST', '/api/menu', () => menuItem({ tags: [`vegan${NUL}`] }), true],
    [
      'menu image URL',
      'POST',
      '/api/menu',
      () => menuItem({ imageUrl: `https://img.example.com/a${NUL}.png` }),
      true,
    ],
    [
      'staff name',
      'POST',
      '/api/staff',
      () => ({ name: `Ann${NUL}`, username: 'ann.nul', password: 'password123', role: 'waiter' }),
      true,
    ],
    [
      'staff shift',
      'POST',
      '/api/staff',
      () => ({
        name: 'Ann',
        username: 'ann.nul2',
        password: 'password123',
        role: 'waiter',
        shift: `Eve${NUL}`,
      }),
      true,
    ],
    [
      'restaurant name',
      'PUT',
      '/api/restaurant/settings',
      () => settings({ name: `Trattoria${NUL}` }),
      true,
    ],
    [
      'restaurant public URL',
      'PUT',
      '/api/restaurant/settings',
      () => settings({ publicUrl: `https://order.example.com/${NUL}` }),
      true,
    ],
  ];

  it.each(cases)('refuses U+0000 in %s with a 400', async (_what, method, url, body, auth) => {
    const res = await send(method, url, body?.(), auth);
    expect(res.statusCode, res.body).toBe(400);
    expect(bodyOf(res)).toEqual({
      success: false,
      error: expect.stringMatching(/control characters/),
      code: 'VALIDATION',
    });
  });

  it.each([
    ['a C1 control in a menu name', menuItem({ name: 'Soup\u0085' })],
    ['DEL in a menu category', menuItem({ category: 'food\u007f' })],
    ['a line break in a menu name', menuItem({ name: 'Soup\nof the day' })],
    ['a tab in a tag', menuItem({ tags: ['ve\tgan'] })],
    ['an escape in a description', menuItem({ description: 'hot \u001b[31m' })],
  ])('refuses %s', async (_what, body) => {
    const res = await send('POST', '/api/menu', body, true);
    expect(res.statusCode, res.body).toBe(400);
    expect(bodyOf(res)?.error).toMatch(/control characters/);
  });

  it('keeps line breaks and tabs where text runs over several lines', async () => {
    const order = await send('POST', '/api/orders/public', {
      token: 'QR-T4',
      items: [{ ...line(), notes: 'no onions\nextra sauce' }],
      notes: 'birthday:\n\tcandle please',
    });
    expect(order.statusCode, order.body).toBe(201);
    const call = await send('POST', '/api/tables/public/call-waiter', {
      token: 'QR-T4',
      message: 'two things:\r\n1. water\n2. bread',
    });
    expect(call.statusCode, call.body).toBe(200);
    const item = await send(
      'POST',
      '/api/menu',
      menuItem({ name: 'Multiline soup', description: 'Line one\nLine two' }),
      true,
    );
    expect(item.statusCode, item.body).toBe(201);
    expect(answerOf(menuRoutes.createMenuItem, item).data.description).toBe('Line one\nLine two');
  });

  it('keeps ordinary non-ASCII text', async () => {
    const res = await send('POST', '/api/menu', menuItem({ name: 'Crème brûlée 🍮 — ½' }), true);
    expect(res.statusCode, res.body).toBe(201);
    expect(answerOf(menuRoutes.createMenuItem, res).data.name).toBe('Crème brûlée 🍮 — ½');
  });
});

describe.each(BACKENDS)('a database encoding error on %s', (backend) => {
  let testDb: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    testDb = await createTestDatabase(backend);
    app = await buildApp(testConfig(), { database: testDb.database });
    // A route whose text no schema checks, as any future route might be: PostgreSQL refuses
    // U+0000 in text and in JSON.
    app.post('/api/test/store-text', { config: { public: true } }, async (request) => {
      const { text } = request.body as { text: string };
      await app.db.execute(sql`select ${text}::text as t, ${JSON.stringify({ text })}::jsonb as j`);
      return { success: true as const, data: null };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await testDb?.dispose();
  });

  it('answers 400 in the envelope, never 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/store-text',
      payload: { text: `a${NUL}b` },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(bodyOf(res)).toEqual({
      success: false,
      error: 'The request contains characters that cannot be stored',
      code: 'VALIDATION',
    });
    const ok = await app.inject({
      method: 'POST',
      url: '/api/test/store-text',
      payload: { text: 'ab' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe.each(BACKENDS)('menu categories named like Object properties on %s', (backend) => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
  });
  afterAll(async () => t?.close());

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf'])(
    'serves the guest menu with a category %s',
    async (category) => {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/menu',
        headers: { authorization: `Bearer ${manager}` },
        payload: { name: `Dish in ${category}`, category, price: 4 },
      });
      expect(created.statusCode, created.body).toBe(201);
      const res = await t.app.inject({ method: 'GET', url: '/api/menu/public?token=QR-T1' });
      expect(res.statusCode, res.body).toBe(200);
      const menu = JSON.parse(res.body).data.menu as Record<string, { name: string }[]>;
      // Categories are stored in lower case.
      const key = category.toLowerCase();
      expect(Object.hasOwn(menu, key)).toBe(true);
      expect(menu[key]!.map((i) => i.name)).toContain(`Dish in ${category}`);
      // The usual categories are still there, and nothing leaked onto a prototype.
      expect(menu.food!.length).toBeGreaterThan(0);
      expect(Object.getPrototypeOf(menu)).toBe(Object.prototype);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const categories = await t.app.inject({
        method: 'GET',
        url: '/api/menu/categories',
        headers: { authorization: `Bearer ${manager}` },
      });
      expect(answerOf(menuRoutes.listMenuCategories, categories).data).toContainEqual(
        expect.objectContaining({
          category: key,
          station: expect.stringMatching(/^(kitchen|bar)$/),
        }),
      );
      await t.database.db.delete(menuItems).where(sql`${menuItems.category} = ${key}`);
    },
  );
});

describe('control characters on the WebSocket', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', { logLevel: 'warn' });
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  it('refuses a table token with U+0000 as bad input (4400), not a server error', async () => {
    const guest = await TestSocket.open(`${base}/ws?tableToken=QR-T1%00`);
    await guest.waitClosed();
    expect(guest.closeCode).toBe(4400);
    expect(guest.closeReason).toBe('Invalid table token');
  });

  it('ignores a staff message with U+0000 before it reaches the database', async () => {
    const { token } = await loginAs(t.app, 'waiter1', 'waiter123');
    const staff = await TestSocket.open(`${base}/ws?token=${token}`);
    staff.ws.send(JSON.stringify({ type: 'staff_notification', data: { message: `a${NUL}b` } }));
    staff.ws.send(JSON.stringify({ type: 'staff_notification', data: { message: 'line\nbreak' } }));
    await staff.waitFor((m) => m.some((e) => e.type === 'staff_notification'));
    await staff.fence();
    const notes = staff.messages.filter((e) => e.type === 'staff_notification');
    expect(notes.map((e) => e.data.message)).toEqual(['line\nbreak']);
    expect(t.logs.join('\n')).not.toMatch(/not saved|"level":50/);
    staff.ws.close();
  });
});
