import {
  auditRoutes,
  diningSessionsRoutes,
  requestsRoutes,
  reviewsRoutes,
  staffRoutes,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import {
  createOtherRestaurant,
  placeGuestOrder,
  signInAs,
  type OtherRestaurant,
} from '../../testing/fixtures.js';
import { listen, TestSocket } from '../../testing/ws-client.js';

describe.each(BACKENDS)('GET /api/audit-log on %s', (backend) => {
  let t: TestApp;
  let admin: string;
  let adminId: string;
  let other: OtherRestaurant;

  let api: Client;

  /** The log as a query string asks for it (sent as written, so a bad filter reaches the server). */
  const read = (query: string, token = admin) =>
    api
      .as(token)
      .send(auditRoutes.getAuditLog, { query: Object.fromEntries(new URLSearchParams(query)) });
  const page = async (query: string, token = admin) => {
    const res = await read(query, token);
    expect(res.status).toBe(200);
    return res.data;
  };

  beforeAll(async () => {
    t = await createTestApp(backend);
    api = client(t.app);
    const login = await loginAs(t.app, 'admin1', 'admin123');
    admin = login.token;
    adminId = login.user.id;
    other = await createOtherRestaurant(t, { roles: ['admin', 'manager'] });
  });
  afterAll(async () => t?.close());

  it("is the restaurant's admin's alone", async () => {
    for (const role of ['manager', 'waiter', 'kitchen'] as const) {
      const res = await api.as(await signInAs(t, role)).call(auditRoutes.getAuditLog);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ success: false });
    }
    expect((await api.call(auditRoutes.getAuditLog)).status).toBe(401);
  });

  it('lists real changes newest first, with who made them and what', async () => {
    const created = await api.as(admin).call(staffRoutes.createStaff, {
      body: {
        name: 'Audit Manager',
        username: `audit-mgr-${backend}`,
        password: 'a-long-password',
        role: 'manager',
      },
    });
    expect(created.status).toBe(201);
    const id = created.data.id;
    const deactivated = await api
      .as(admin)
      .call(staffRoutes.updateStaff, { params: { id }, body: { status: 'inactive' } });
    expect(deactivated.status).toBe(200);
    const data = await page('pageSize=2');
    expect(data.rows.map((r) => r.action)).toEqual(['staff.updated', 'staff.created']);
    const [updated, made] = data.rows;
    expect(made).toMatchObject({
      action: 'staff.created',
      user: { id: adminId, username: 'admin1', role: 'admin' },
      entityType: 'user',
      entityId: id,
      details: { username: `audit-mgr-${backend}`, role: 'manager' },
      summary: `role: manager · username: audit-mgr-${backend}`,
    });
    expect(updated!.summary).toContain('fields: status');
    expect(Date.parse(updated!.timestamp)).toBeGreaterThanOrEqual(Date.parse(made!.timestamp));
    expect(data.timezone).toBe('Europe/Rome');
    // Everyone the user filter offers: the restaurant's accounts, the new one too.
    expect(data.users.map((u) => u.username)).toEqual(
      expect.arrayContaining(['admin1', 'manager1', `audit-mgr-${backend}`]),
    );
  });

  it('filters by user, action and local dates, and pages', async () => {
    const all = await page('pageSize=200');
    const logins = await page('action=auth.login&pageSize=200');
    expect(logins.rows.length).toBeGreaterThan(0);
    expect(logins.rows.every((r) => r.action === 'auth.login')).toBe(true);
    expect(logins.total).toBe(all.rows.filter((r) => r.action === 'auth.login').length);

    const mine = await page(`userId=${adminId}&pageSize=200`);
    expect(mine.rows.every((r) => r.user?.id === adminId)).toBe(true);
    expect(mine.total).toBe(all.rows.filter((r) => r.user?.id === adminId).length);

    // Dates are the restaurant's (Rome): an entry at 23:30 UTC on 1 March is on 2 March there.
    const [entry] = await t.database.db
      .insert(auditLog)
      .values({
        restaurantId: t.restaurantId,
        userId: adminId,
        action: 'restaurant.settings',
        entityType: 'restaurant',
        entityId: t.restaurantId,
        details: { fields: ['name'] },
        createdAt: new Date('2024-03-01T23:30:00Z'),
      })
      .returning();
    expect((await page('from=2024-03-02&to=2024-03-02')).rows.map((r) => r.id)).toEqual([
      entry!.id,
    ]);
    expect((await page('from=2024-03-01&to=2024-03-01')).total).toBe(0);
    expect((await page('to=2024-03-02&action=restaurant.settings')).total).toBe(1);

    // Pages: the same entries, in the same order, a page at a time.
    const now = await page('pageSize=200');
    const first = await page('pageSize=3&page=1');
    const second = await page('pageSize=3&page=2');
    expect(first.total).toBe(now.total);
    expect(now.total).toBe(all.total + 1);
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(
      now.rows.slice(0, 6).map((r) => r.id),
    );
    const beyond = await page(`pageSize=200&page=${Math.ceil(now.total / 200) + 1}`);
    expect(beyond.rows).toEqual([]);
  });

  it("never shows another restaurant's entries", async () => {
    const theirs = await page('pageSize=200', other.tokens.admin);
    const [demoEntries] = await Promise.all([
      t.database.db.select().from(auditLog).where(eq(auditLog.restaurantId, t.restaurantId)),
    ]);
    expect(demoEntries.length).toBeGreaterThan(0);
    const demoIds = new Set(demoEntries.map((e) => e.id));
    expect(theirs.rows.some((r) => demoIds.has(r.id))).toBe(false);
    // Their own sign-ins are there; filtering by one of ours finds nothing.
    expect(theirs.rows.some((r) => r.action === 'auth.login')).toBe(true);
    expect((await page(`userId=${adminId}`, other.tokens.admin)).total).toBe(0);
    expect(theirs.users.map((u) => u.username)).not.toContain('admin1');
  });

  it('refuses filters it cannot read', async () => {
    for (const query of [
      'action=order.deleted',
      'userId=not-an-id',
      'from=2024-03-02&to=2024-03-01',
      'from=March',
      'pageSize=500',
      'page=0',
      'format=xml',
    ]) {
      const res = await read(query);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ success: false });
    }
  });

  describe('format=csv', () => {
    it('exports the filtered log, and no cell is ever a formula', async () => {
      const names = ['=HYPERLINK("http://evil.example")', '+1+2', '-3+4', '@SUM(1)'];
      for (const [i, name] of names.entries()) {
        const created = await api.as(admin).call(staffRoutes.createStaff, {
          body: {
            name,
            username: `formula-${i}-${backend}`,
            password: 'a-long-password',
            role: 'waiter',
          },
        });
        expect(created.status).toBe(201);
        await loginAs(t.app, `formula-${i}-${backend}`, 'a-long-password');
      }
      const { res } = await read('format=csv&action=auth.login');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toContain('audit-log.csv');
      const lines = res.body.trimEnd().split('\r\n');
      expect(lines[0]).toBe('"Action","User","Timestamp (Europe/Rome)","Details","Entity"');
      const logins = await page('action=auth.login&pageSize=200');
      expect(lines).toHaveLength(logins.total + 1);
      expect(lines.slice(1).every((l) => l.startsWith('"auth.login",'))).toBe(true);
      // Each name is there, made text by a leading quote.
      expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"") (formula-0-${backend})"`);
      expect(res.body).toContain(`"'+1+2 (formula-1-${backend})"`);
      expect(res.body).toContain(`"'-3+4 (formula-2-${backend})"`);
      expect(res.body).toContain(`"'@SUM(1) (formula-3-${backend})"`);
      expect(res.body).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
      // The restaurant's clock, to the second.
      expect(lines[1]).toMatch(/,"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}",/);
    });

    it("holds only the restaurant's own entries, for its admin alone", async () => {
      const { res } = await read('format=csv', other.tokens.admin);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('admin1');
      expect((await read('format=csv', other.tokens.manager)).status).toBe(403);
    });
  });

  it("writes one entry for each of a guest's changes, and a staff screen's message", async () => {
    const guest = api.guest('QR-T6');
    const started = await guest.call(diningSessionsRoutes.startSession, {
      body: { customerCount: 2 },
    });
    expect(started.status).toBe(200);
    const placed = await placeGuestOrder(t, 'QR-T6', [['Espresso', 2]]);
    expect(placed.status).toBe(201);
    expect((await guest.call(requestsRoutes.callWaiter, { body: {} })).status).toBe(200);
    expect((await guest.call(requestsRoutes.requestPayment, { body: {} })).status).toBe(200);
    const { sessionId, orderId } = placed.data;
    expect((await guest.call(reviewsRoutes.leaveReview, { body: { rating: 5 } })).status).toBe(201);

    const base = await listen(t.app);
    const socket = await TestSocket.open(`${base}/ws?token=${admin}`);
    await socket.waitReady();
    socket.send(
      JSON.stringify({ type: 'staff_notification', data: { message: 'Big party at 8' } }),
    );
    await socket.waitFor((m) => m.some((e) => e.type === 'staff_notification'));
    socket.close();

    const entries = (await page('pageSize=200')).rows;
    const one = (action: string) => {
      const found = entries.filter((e) => e.action === action);
      expect(found, action).toHaveLength(1);
      return found[0]!;
    };
    expect(one('dining_session.opened')).toMatchObject({
      user: null,
      entityId: sessionId,
      details: { by: 'guest', tableNumber: 6, customerCount: 2 },
    });
    expect(one('order.placed')).toMatchObject({
      user: null,
      entityId: orderId,
      details: { by: 'guest', tableNumber: 6, lines: 1 },
    });
    expect(one('request.call_waiter').details).toMatchObject({ by: 'guest', tableNumber: 6 });
    expect(one('request.payment').details).toMatchObject({ by: 'guest', tableNumber: 6 });
    expect(one('review.left')).toMatchObject({
      user: null,
      details: { by: 'guest', tableNumber: 6, rating: 5 },
    });
    expect(one('staff.notified')).toMatchObject({
      user: { id: adminId },
      details: { message: 'Big party at 8' },
    });
    // A second call while the first is open changes nothing, and writes nothing.
    expect((await guest.call(requestsRoutes.callWaiter, { body: {} })).status).toBe(200);
    expect((await page('action=request.call_waiter')).total).toBe(1);
    const { res: csv } = await read('format=csv&action=review.left');
    expect(csv.body.split('\r\n')[1]).toMatch(/^"review.left","Guest",/);
  });

  it('names no account for entries made without one', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.username, 'admin1'));
    await t.database.db.insert(auditLog).values({
      restaurantId: t.restaurantId,
      userId: null,
      action: 'dining_session.idle_closed',
      entityType: 'dining_session',
      entityId: u!.id,
      details: { by: 'system' },
    });
    const data = await page('action=dining_session.idle_closed');
    expect(data.rows[0]).toMatchObject({ user: null, summary: '' });
    const { res: csv } = await read('format=csv&action=dining_session.idle_closed');
    expect(csv.body.split('\r\n')[1]).toMatch(/^"dining_session.idle_closed","System",/);
  });
});
