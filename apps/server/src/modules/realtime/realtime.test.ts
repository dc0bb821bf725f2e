import { canReceiveEvent, ROLES, menuRoutes, ordersRoutes } from '@tavola/contract';
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { seedDemo } from '../../core/db/seed.js';
import { events, tables } from '../../core/db/schema.js';
import {
  BACKENDS,
  createTestApp,
  createTestDatabase,
  loginAs,
  type TestApp,
} from '../../testing/harness.js';
import { createOtherRestaurant } from '../../testing/fixtures.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';
import { client, type Client } from '../../testing/client.js';

const DEMO = [
  ['waiter', 'waiter1', 'waiter123'],
  ['kitchen', 'kitchen1', 'kitchen123'],
  ['bar', 'bar1', 'bar123'],
  ['manager', 'manager1', 'manager123'],
  ['admin', 'admin1', 'admin123'],
] as const;

describe.each(BACKENDS)('/ws on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let base: string;
  const tokens: Record<string, { token: string; id: string }> = {};
  let burger: string;
  let beer: string;
  const sockets: TestSocket[] = [];

  /** Every socket still open on this side has been attached by the server. */
  const attached = () =>
    waitForAttached(t.app, sockets.filter((s) => s.ws.readyState === s.ws.OPEN).length);
  const connect = async (query: string) => {
    const socket = await TestSocket.open(`${base}/ws?${query}`);
    sockets.push(socket);
    return socket;
  };
  const staff = (role: string, extra = '') =>
    connect(
      `token=${tokens[role]!.token}&userId=${tokens[role]!.id}&role=${role}&restaurantId=${t.restaurantId}${extra}`,
    );
  const order = (token: string, items: string[]) =>
    api.call(ordersRoutes.placeOrder, {
      body: {
        token,
        currency: 'EUR',
        items: items.map((menuItemId) => ({ menuItemId, quantity: 1 })),
      },
    });

  beforeAll(async () => {
    t = await createTestApp(backend, { wsHeartbeatMs: 1000 });
    api = client(t.app);
    base = await listen(t.app);
    for (const [role, username, password] of DEMO) {
      const login = await loginAs(t.app, username, password);
      tokens[role] = { token: login.token, id: login.user.id };
    }
    const menu = (await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } })).data
      .menu;
    burger = menu.food!.find((i) => i.name === 'Classic Burger')!.id;
    beer = menu.drinks!.find((i) => i.name === 'Craft Beer')!.id;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await t?.close();
  });

  it('delivers each event type to exactly the roles of spec §6', async () => {
    const byRole = Object.fromEntries(
      await Promise.all(DEMO.map(async ([role]) => [role, await staff(role)] as const)),
    );
    await attached();
    const res = await order('QR-T1', [burger, beer]);
    expect(res.status).toBe(201);
    const orderId = res.data.orderId;
    // A staff notification from a waiter reaches everyone.
    byRole.waiter!.send(
      JSON.stringify({ type: 'staff_notification', data: { message: 'Table 4 birthday' } }),
    );

    await byRole.manager!.waitFor((m) => m.some((e) => e.type === 'staff_notification'));
    await byRole.kitchen!.waitFor((m) => m.some((e) => e.type === 'staff_notification'));
    await Promise.all(Object.values(byRole).map((socket) => socket.fence()));

    const emitted = [
      'table_activated',
      'order_placed',
      'kitchen_order',
      'bar_order',
      'staff_notification',
    ];
    for (const [role] of DEMO) {
      const got = byRole[role]!.messages.map((m) => m.type);
      for (const type of emitted) {
        expect(got.includes(type), `${role} receives ${type}`).toBe(canReceiveEvent(role, type));
      }
      // Nothing is delivered twice.
      const seqs = byRole[role]!.messages.map((m) => m.seq);
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    const placed = byRole.waiter!.messages.find((m) => m.type === 'order_placed');
    expect(placed?.data).toMatchObject({ orderId, tableNumber: 1, total: 18, type: 'food' });
    expect(placed?.restaurantId).toBe(t.restaurantId);
    expect(ROLES).toContain('team');
  });

  it.each([
    ['no token', '', 4401],
    ['a garbage token', 'token=garbage', 4401],
  ])('refuses %s', async (_label, query, code) => {
    const socket = await connect(query);
    await socket.waitClosed();
    expect(socket.closeCode).toBe(code);
    expect(socket.closeReason).toMatch(/Unauthorized|expired/);
  });

  it.each([
    ['userId', (q: string) => q.replace(/userId=[^&]+/, 'userId=someone-else')],
    ['role', (q: string) => q.replace('role=waiter', 'role=admin')],
    ['restaurantId', (q: string) => q.replace(/restaurantId=[^&]+/, 'restaurantId=another')],
  ])('closes with a clear reason when %s does not match the session', async (field, change) => {
    const query = `token=${tokens.waiter!.token}&userId=${tokens.waiter!.id}&role=waiter&restaurantId=${t.restaurantId}`;
    const socket = await connect(change(query));
    await socket.waitClosed();
    expect(socket.closeCode).toBe(4403);
    expect(socket.closeReason).toBe(`Forbidden: ${field} does not match the session`);
  });

  it('never delivers one restaurant’s events to another', async () => {
    const login = {
      token: (await createOtherRestaurant(t, { name: 'Other Place' })).tokens.manager!,
    };
    // Claiming restaurant A in the query is refused outright.
    const spoof = await connect(`token=${login.token}&restaurantId=${t.restaurantId}`);
    await spoof.waitClosed();
    expect(spoof.closeCode).toBe(4403);
    // Connected honestly, it hears nothing of restaurant A, even asking to replay from 0.
    const honest = await connect(`token=${login.token}&lastSeq=0`);
    const own = await staff('manager');
    await attached();
    await order('QR-T2', [burger]);
    await own.waitFor((m) => m.some((e) => e.type === 'kitchen_order'));
    await honest.fence();
    expect(honest.messages).toEqual([]);
    expect(await honest.stillOpen()).toBe(true);
  });

  it('resumes: a kitchen that reconnects gets exactly what it missed, in order', async () => {
    const first = await staff('kitchen');
    await attached();
    await order('QR-T3', [burger]);
    await first.waitFor((m) => m.some((e) => e.type === 'kitchen_order'));
    const lastSeq = Math.max(...first.messages.map((m) => m.seq));
    first.close();
    await first.waitClosed();

    const placed: string[] = [];
    for (let i = 0; i < 3; i++) placed.push((await order('QR-T3', [burger])).data.orderId);

    const again = await staff('kitchen', `&lastSeq=${lastSeq}`);
    await again.waitFor((m) => m.filter((e) => e.type === 'kitchen_order').length >= 3);
    await again.fence();
    const missed = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, t.restaurantId), gt(events.seq, lastSeq)))
      .orderBy(events.seq);
    const expected = missed.filter((e) => canReceiveEvent('kitchen', e.type)).map((e) => e.seq);
    expect(again.messages.map((m) => m.seq)).toEqual(expected);
    expect(
      again.messages.filter((m) => m.type === 'kitchen_order').map((m) => m.data.orderId),
    ).toEqual(placed);
  });

  it('says ready once a socket has its replay, and answers a ping after what it sent before', async () => {
    const first = await staff('kitchen');
    await first.waitReady();
    expect(first.eventsBeforeReady).toBe(0);
    await order('QR-T4', [burger]);
    await order('QR-T4', [burger]);
    await first.waitFor((m) => m.filter((e) => e.type === 'kitchen_order').length === 2);
    const from = first.messages[0]!.seq - 1;

    const again = await staff('kitchen', `&lastSeq=${from}`);
    await again.waitReady();
    // Everything it missed came before "ready": nothing committed before it is still on its way.
    expect(again.eventsBeforeReady).toBe(first.messages.length);
    expect(again.messages.map((m) => m.seq)).toEqual(first.messages.map((m) => m.seq));

    // A pong comes after every event sent before it.
    const placed = await order('QR-T4', [burger]);
    await again.fence();
    expect(again.messages.at(-1)?.data.orderId).toBe(placed.data.orderId);
  });

  it("gives a guest's page its own table's events and menu changes only", async () => {
    const guest = await connect('tableToken=QR-T5');
    await attached();
    await order('QR-T6', [burger]);
    const own = (await order('QR-T5', [beer])).data.orderId;
    await guest.waitFor((m) => m.some((e) => e.type === 'order_placed'));
    await guest.fence();
    expect(guest.messages.every((m) => m.type !== 'staff_notification')).toBe(true);
    const orderIds = guest.messages.map((m) => m.data.orderId).filter(Boolean);
    expect(new Set(orderIds)).toEqual(new Set([own]));
    const unknown = await connect('tableToken=QR-NOPE');
    await unknown.waitClosed();
    expect(unknown.closeCode).toBe(4404);
  });

  it('ignores garbage, wrong shapes and unknown types; closes oversized frames; keeps serving', async () => {
    const noisy = await staff('waiter');
    const listener = await staff('kitchen');
    await attached();
    for (const frame of [
      'not json',
      '{"type":',
      '[]',
      '42',
      '{"type":5}',
      '{"data":{}}',
      '{"type":"drop_tables"}',
      Buffer.from([0xff, 0xfe, 0x00]),
    ]) {
      noisy.send(frame);
    }
    noisy.send(JSON.stringify({ type: 'staff_notification', data: { message: 42 } }));
    expect(await noisy.stillOpen()).toBe(true);
    const huge = await staff('bar');
    huge.send('x'.repeat(64 * 1024));
    await huge.waitClosed();
    expect(huge.closeCode).toBe(1009);
    await order('QR-T7', [burger]);
    await listener.waitFor((m) => m.some((e) => e.type === 'kitchen_order'));
    expect(await noisy.stillOpen()).toBe(true);
  });

  it('drops a client that stops answering pings', async () => {
    const before = t.app.realtime.size;
    const silent = await TestSocket.open(`${base}/ws?token=${tokens.bar!.token}`, {
      autoPong: false,
    });
    sockets.push(silent);
    await silent.waitReady();
    expect(t.app.realtime.size).toBe(before + 1);
    await silent.waitClosed(5000);
    expect(silent.closeCode).toBe(1006);
    expect(t.app.realtime.size).toBe(before);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
  'two instances behind one PostgreSQL and one Redis',
  () => {
    it('delivers an order placed through instance A to a kitchen client on instance B', async () => {
      const db = await createTestDatabase('postgres');
      await seedDemo(db.database.db, { history: false });
      const config = testConfig({ redisUrl: process.env.REDIS_URL });
      const a = await buildApp(config, { database: db.database });
      const b = await buildApp(config, { database: db.database });
      try {
        const baseB = await listen(b);
        const login = await loginAs(a, 'kitchen1', 'kitchen123');
        const kitchen = await TestSocket.open(`${baseB}/ws?token=${login.token}`);
        await kitchen.waitReady();
        const [table] = await db.database.db
          .select()
          .from(tables)
          .where(eq(tables.qrToken, 'QR-T1'));
        expect(table).toBeTruthy();
        const menu = (await client(a).call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } }))
          .data.menu;
        const res = await client(a).call(ordersRoutes.placeOrder, {
          body: { token: 'QR-T1', items: [{ menuItemId: menu.food![0]!.id, quantity: 1 }] },
        });
        expect(res.status).toBe(201);
        await kitchen.waitFor((m) =>
          m.some((e) => e.type === 'kitchen_order' && e.data.orderId === res.data.orderId),
        );
        // Delivered once, not once per instance.
        expect(kitchen.messages.filter((e) => e.type === 'kitchen_order')).toHaveLength(1);
        kitchen.close();
      } finally {
        await a.close();
        await b.close();
        await db.dispose();
      }
    });
  },
);

describe('logs', () => {
  it('never write the staff token of a WebSocket URL', async () => {
    const t = await createTestApp('pglite', { logLevel: 'info' });
    try {
      const base = await listen(t.app);
      const { token } = await loginAs(t.app, 'kitchen1', 'kitchen123');
      const socket = await TestSocket.open(`${base}/ws?token=${token}&role=kitchen`);
      await socket.waitReady();
      socket.close();
      const all = t.logs.join('\n');
      expect(all).toContain('/ws?token=[redacted]&role=kitchen');
      expect(all).not.toContain(token);
    } finally {
      await t.close();
    }
  });
});
