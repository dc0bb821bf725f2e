import {
  WS_CLOSE,
  authRoutes,
  menuRoutes,
  ordersRoutes,
  paymentsRoutes,
  platformRoutes,
  staffRoutes,
  tablesRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, events, tables, users } from '../../core/db/schema.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import { listen, TestSocket } from '../../testing/ws-client.js';
import { client, type Client } from '../../testing/client.js';

describe.each(BACKENDS)('/ws after revocation on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let base: string;
  let manager: string;
  let espresso: string;
  const sockets: TestSocket[] = [];

  const connect = async (query: string) => {
    const socket = await TestSocket.open(`${base}/ws?${query}`);
    sockets.push(socket);
    return socket;
  };
  /** A staff screen, connected once the server says it is live (it has answered a ping). */
  const staffScreen = async (username: string, password: string) => {
    const login = await loginAs(t.app, username, password);
    const socket = await connect(`token=${login.token}`);
    await waitAttached(1);
    return { socket, token: login.token, userId: login.user.id };
  };
  let attached = 0;
  const waitAttached = async (more: number) => {
    attached += more;
    for (let i = 0; i < 100 && t.app.realtime.size < attached; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const order = (token: string, notes?: string) =>
    api.call(ordersRoutes.placeOrder, {
      body: {
        token,
        items: [{ menuItemId: espresso, quantity: 1, ...(notes ? { notes } : {}) }],
      },
    });
  const tableId = async (token: string) =>
    (await t.database.db.select().from(tables).where(eq(tables.qrToken, token)))[0]!.id;

  beforeAll(async () => {
    // A heartbeat a test can wait for, but not so short that a busy machine's stalled event loop
    // (PGlite runs on it) misses a pong and the heartbeat cuts a healthy socket.
    t = await createTestApp(backend, { wsHeartbeatMs: 1000 });
    api = client(t.app);
    base = await listen(t.app);
    manager = (await loginAs(t.app, 'manager1', 'manager123')).token;
    const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T1' } });
    espresso = menu.data.menu.drinks!.find((i) => i.name === 'Espresso')!.id;
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
    attached = 0;
  });
  afterAll(async () => t?.close());

  it('closes the socket of a session that signs out, and only that one', async () => {
    const phone = await staffScreen('waiter1', 'waiter123');
    const tablet = await staffScreen('waiter1', 'waiter123');
    expect((await api.as(phone.token).call(authRoutes.logout)).status).toBe(200);
    await phone.socket.waitClosed();
    expect(phone.socket.closeCode).toBe(WS_CLOSE.unauthorized);
    expect(phone.socket.closeReason).toMatch(/signed out/i);
    expect(await tablet.socket.stillOpen()).toBe(true);
  });

  it("closes a deactivated user's sockets, and a user's whose role changed", async () => {
    const bar = await staffScreen('bar1', 'bar123');
    const cook = await staffScreen('kitchen1', 'kitchen123');
    expect(
      (
        await api
          .as(manager)
          .call(staffRoutes.updateStaff, { params: { id: bar.userId }, body: { role: 'waiter' } })
      ).status,
    ).toBe(200);
    await bar.socket.waitClosed();
    expect(bar.socket.closeCode).toBe(WS_CLOSE.unauthorized);
    expect(bar.socket.closeReason).toMatch(/role/i);

    expect(
      (await api.as(manager).call(staffRoutes.deactivateStaff, { params: { id: cook.userId } }))
        .status,
    ).toBe(200);
    await cook.socket.waitClosed();
    expect(cook.socket.closeCode).toBe(WS_CLOSE.unauthorized);
    expect(cook.socket.closeReason).toMatch(/deactivated/i);
    // Put the accounts back for the next tests.
    await t.database.db
      .update(users)
      .set({ status: 'active', role: 'bar' })
      .where(eq(users.id, bar.userId));
    await t.database.db.update(users).set({ status: 'active' }).where(eq(users.id, cook.userId));
  });

  it("closes a table's guest sockets when its code is rotated or the table archived", async () => {
    const guest = await connect('tableToken=QR-T7');
    await waitAttached(1);
    const id = await tableId('QR-T7');
    expect(
      (await api.as(manager).call(tablesRoutes.rotateTableQr, { params: { id } })).status,
    ).toBe(200);
    await guest.waitClosed();
    expect(guest.closeCode).toBe(WS_CLOSE.forbidden);
    expect(guest.closeReason).toMatch(/code/i);

    const [other] = await t.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T8'));
    const second = await connect('tableToken=QR-T8');
    await waitAttached(1);
    expect(
      (await api.as(manager).call(tablesRoutes.deleteTable, { params: { id: other!.id } })).status,
    ).toBe(200);
    await second.waitClosed();
    expect(second.closeCode).toBe(WS_CLOSE.forbidden);
  });

  it("closes every staff socket of a suspended restaurant and tells its guests' pages, both ways, without closing them", async () => {
    const waiter = await staffScreen('waiter1', 'waiter123');
    const guest = await connect('tableToken=QR-T2');
    await waitAttached(1);
    const team = (await loginAs(t.app, 'team1', 'team123')).token;
    const suspend = await api.as(team).call(platformRoutes.suspendRestaurant, {
      params: { id: t.restaurantId },
      body: {
        reason: 'unpaid invoice',
      },
    });
    expect(suspend.status).toBe(200);
    await waiter.socket.waitClosed();
    expect(waiter.socket.closeCode).toBe(WS_CLOSE.forbidden);
    expect(waiter.socket.closeReason).toMatch(/suspended/i);
    // The guest's page hears it (its menu is refused from now on) and stays to hear the end of it.
    await guest.waitFor((m) =>
      m.some((e) => e.type === 'menu_updated' && e.data.action === 'restaurant_suspended'),
    );
    // A page opened meanwhile may listen too.
    const opened = await connect('tableToken=QR-T3');
    await opened.waitReady();
    expect(await guest.stillOpen()).toBe(true);
    const activate = await api.as(team).call(platformRoutes.activateRestaurant, {
      params: { id: t.restaurantId },
      body: { reason: 'paid' },
    });
    expect(activate.status).toBe(200);
    for (const page of [guest, opened]) {
      await page.waitFor((m) =>
        m.some((e) => e.type === 'menu_updated' && e.data.action === 'restaurant_activated'),
      );
    }
  });

  it("re-checks a team member's socket (no restaurant) at each heartbeat: kept while valid, closed once revoked", async () => {
    const team = await staffScreen('team1', 'team123');
    const waiter = await staffScreen('waiter1', 'waiter123');
    // Revoked in the database only: only the heartbeat's re-check can find it.
    await t.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, waiter.userId));
    await waiter.socket.waitClosed(3000);
    // That re-check saw the team's socket too, and kept it.
    expect(await team.socket.stillOpen()).toBe(true);
    await t.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, team.userId));
    await team.socket.waitClosed(3000);
    expect(team.socket.closeCode).toBe(WS_CLOSE.unauthorized);
    expect(team.socket.closeReason).toMatch(/session has ended/i);
  });

  it('closes a socket whose session expired, at the next heartbeat', async () => {
    const waiter = await staffScreen('waiter1', 'waiter123');
    await t.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, waiter.userId));
    await waiter.socket.waitClosed(3000);
    expect(waiter.socket.closeCode).toBe(WS_CLOSE.unauthorized);
    expect(waiter.socket.closeReason).toMatch(/expired/i);
  });

  it('does not store what a socket sends after its session was revoked behind its back', async () => {
    const waiter = await staffScreen('waiter1', 'waiter123');
    // Revoked in the database only (as another instance whose message was lost would leave it).
    await t.database.db
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(eq(authSessions.userId, waiter.userId));
    waiter.socket.send(
      JSON.stringify({ type: 'staff_notification', data: { message: 'after revocation' } }),
    );
    await waiter.socket.waitClosed();
    expect(waiter.socket.closeCode).toBe(WS_CLOSE.unauthorized);
    const stored = await t.database.db
      .select()
      .from(events)
      .where(and(eq(events.restaurantId, t.restaurantId), eq(events.type, 'staff_notification')));
    expect(stored.map((e) => e.data)).not.toContainEqual({
      message: 'after revocation',
      fromRole: 'waiter',
    });
  });

  it("never shows a guest an earlier party's events, replayed or live", async () => {
    // The first party's phone is open while it orders (with a note) and pays.
    const firstPhone = await connect('tableToken=QR-T3');
    await waitAttached(1);
    const first = await order('QR-T3', 'nut allergy, seat 2');
    const paid = await api.as(manager).call(paymentsRoutes.recordPayment, {
      params: { id: first.data.sessionId },
      body: {
        method: 'cash',
        tip: 3,
      },
    });
    expect(paid.status).toBe(201);
    await firstPhone.waitFor((m) => m.some((e) => e.type === 'payment_completed'));

    // The next party sits down and asks for everything since the beginning.
    const guest = await connect('tableToken=QR-T3&lastSeq=0');
    await waitAttached(1);
    await order('QR-T3', 'second party');
    await guest.waitFor((m) => m.some((e) => e.type === 'order_placed'));
    expect(JSON.stringify(guest.messages)).not.toContain('nut allergy');
    expect(guest.messages.filter((e) => e.type === 'payment_completed')).toEqual([]);
    expect(guest.messages.filter((e) => e.type === 'order_placed')).toHaveLength(1);
    // The first party's phone, still open, hears nothing of the second party.
    await firstPhone.fence();
    expect(JSON.stringify(firstPhone.messages)).not.toContain('second party');
  });

  it('answers a malformed lastSeq with 4400 and the reason', async () => {
    const login = await loginAs(t.app, 'waiter1', 'waiter123');
    const socket = await connect(`token=${login.token}&lastSeq=abc`);
    await socket.waitClosed();
    expect(socket.closeCode).toBe(WS_CLOSE.badRequest);
    expect(socket.closeReason).toMatch(/lastSeq/);
  });
});
