import { diningSessionsRoutes, menuRoutes } from '@tavola/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sweepIdleSessions } from '../modules/dining-sessions/idle-sweep.js';
import { placeGuestOrder, signInAs } from '../testing/fixtures.js';
import { createTestApp, type TestApp } from '../testing/harness.js';
import { client, type Client } from '../testing/client.js';

// PGlite runs one transaction at a time, so these races only exist (and are only tested) on
// PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('the idle sweep racing guests and itself', () => {
  let t: TestApp;
  let api: Client;
  let manager: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    api = client(t.app);
    manager = await signInAs(t, 'manager');
  });
  afterAll(async () => t?.close());

  const pool = () => (t.database.db as unknown as { $client: pg.Pool }).$client;
  const query = async <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) =>
    (await pool().query<R>(text, params)).rows;

  const scan = async (token: string) => {
    const res = await api.call(diningSessionsRoutes.startSession, { body: { token } });
    expect(res.status, res.res.body).toBe(200);
    return res.data.sessionId;
  };
  const idleForAnHour = (sessionId: string) =>
    query(
      `update dining_sessions set last_activity_at = now() - interval '60 minutes' where id = $1`,
      [sessionId],
    );
  /**
   * Ends whatever is open at a table, so the next round starts from a free table: closed by the
   * manager, its orders (if any) settled by card. A sitting without orders is closed, not paid.
   */
  const reset = async (token: string) => {
    const open = await query<{ tableId: string }>(
      `select distinct tb.id as "tableId" from dining_sessions s join tables tb on tb.id = s.table_id
       where tb.qr_token = $1 and s.status = 'open'`,
      [token],
    );
    for (const { tableId } of open) {
      const closed = await api.as(manager).call(diningSessionsRoutes.closeTable, {
        params: { id: tableId },
        body: { reason: 'Next round of the test', unpaid: 'settle', method: 'card' },
      });
      expect(closed.status, closed.res.body).toBe(200);
    }
  };

  /** What must hold whatever the interleaving. */
  async function expectConsistent(token: string) {
    // No session the sweep closed ever holds an order.
    const orphaned = await query<{ n: string }>(`
      select count(*) as n from orders o join dining_sessions s on s.id = o.dining_session_id
      where s.close_reason = 'idle'`);
    expect(Number(orphaned[0]!.n)).toBe(0);
    // Each idle close happened once: one audit entry and one event per closed session.
    const closes = await query<{ id: string; audits: string; events: string }>(`
      select s.id,
        (select count(*) from audit_log a
          where a.action = 'dining_session.idle_closed' and a.entity_id = s.id::text) as audits,
        (select count(*) from events e
          where e.type = 'table_closed' and e.data->>'sessionId' = s.id::text) as events
      from dining_sessions s where s.close_reason = 'idle'`);
    for (const c of closes) {
      expect(Number(c.audits), c.id).toBe(1);
      expect(Number(c.events), c.id).toBe(1);
    }
    // At most one open session at the table, and a table with one is not shown free.
    const [table] = await query<{ status: string; open: string }>(
      `select tb.status, (select count(*) from dining_sessions s
         where s.table_id = tb.id and s.status = 'open') as open
       from tables tb where tb.qr_token = $1`,
      [token],
    );
    expect(Number(table!.open)).toBeLessThanOrEqual(1);
    if (Number(table!.open) === 1) expect(table!.status).not.toBe('available');
    return closes.length;
  }

  /** Waits until a statement starting with `prefix` is blocked on a lock. */
  const blockedOn = (prefix: string) =>
    vi.waitFor(
      async () => {
        const waiting = await query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and query like $1`,
          [`${prefix}%`],
        );
        expect(Number(waiting[0]!.n)).toBe(1);
      },
      { timeout: 5000, interval: 20 },
    );

  it('never leaves an order in a session the sweep closed: it joins the open session or opens a new one', async () => {
    for (let round = 0; round < 12; round++) {
      const sessionId = await scan('QR-T5');
      await idleForAnHour(sessionId);
      const [firstSweep, first, secondSweep, second] = await Promise.all([
        sweepIdleSessions(t.app),
        placeGuestOrder(t, 'QR-T5', [['Espresso', 1]], { idempotencyKey: `race-${round}-a` }),
        sweepIdleSessions(t.app),
        placeGuestOrder(t, 'QR-T5', [['Craft Beer', 1]], { idempotencyKey: `race-${round}-b` }),
      ]);
      // Two sweeps close a session once at most.
      expect(firstSweep + secondSweep).toBeLessThanOrEqual(1);
      for (const placed of [first, second]) {
        expect(placed.status, placed.res.body).toBe(201);
        const [session] = await query<{ status: string }>(
          `select s.status from dining_sessions s join orders o on o.dining_session_id = s.id
           where o.id = $1`,
          [placed.data.orderId],
        );
        expect(session!.status).toBe('open');
      }
      await expectConsistent('QR-T5');
      await reset('QR-T5');
    }
  });

  it('an order in flight when the sweep comes keeps its session: the sweep waits for it, re-reads and leaves it open', async () => {
    const sessionId = await scan('QR-T6');
    await idleForAnHour(sessionId);
    // Hold the order number counter, so the guest's order stops half-way: after it has joined
    // (and holds) the session, before it commits.
    const blocker = await pool().connect();
    let ordering: ReturnType<typeof placeGuestOrder> | undefined;
    let sweeping: Promise<number> | undefined;
    try {
      await blocker.query('begin');
      await blocker.query(
        `insert into counters (restaurant_id, name, value) values ($1, 'order_number', 0)
         on conflict (restaurant_id, name) do update set value = counters.value`,
        [t.restaurantId],
      );
      ordering = placeGuestOrder(t, 'QR-T6', [['Tiramisu', 1]]);
      // The order takes its number in the statement that writes it.
      await blockedOn('with order_number as (insert into "counters"');
      // The sweep still sees an idle session with no order (nothing is committed), and now
      // waits for the guest's transaction.
      sweeping = sweepIdleSessions(t.app);
      await blockedOn('update "dining_sessions"');
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    const placed = await ordering;
    expect(placed.status, placed.res.body).toBe(201);
    expect(placed.data.sessionId).toBe(sessionId);
    expect(await sweeping).toBe(0);
    const [row] = await query<{ status: string }>(
      `select status from dining_sessions where id = $1`,
      [sessionId],
    );
    expect(row!.status).toBe('open');
    await expectConsistent('QR-T6');
    await reset('QR-T6');
  });

  it('a guest reading the menu while the sweep waits for the table keeps the session: the sweep re-reads and leaves it open', async () => {
    const sessionId = await scan('QR-T4');
    await idleForAnHour(sessionId);
    // Hold the table's row, as a guest's order or a payment would: the sweep stops at it.
    const blocker = await pool().connect();
    let sweeping: Promise<number> | undefined;
    try {
      await blocker.query('begin');
      await blocker.query(`select id from tables where qr_token = 'QR-T4' for no key update`);
      sweeping = sweepIdleSessions(t.app);
      await blockedOn('select "id" from "tables"');
      // The guest still has the menu open and reads it again meanwhile.
      const menu = await api.call(menuRoutes.getPublicMenu, { query: { token: 'QR-T4' } });
      expect(menu.status).toBe(200);
    } finally {
      await blocker.query('rollback');
      blocker.release();
    }
    expect(await sweeping).toBe(0);
    const [row] = await query<{ status: string }>(
      `select status from dining_sessions where id = $1`,
      [sessionId],
    );
    expect(row!.status).toBe('open');
    await expectConsistent('QR-T4');
    await reset('QR-T4');
  });

  it('several instances sweeping at once close each idle session exactly once', async () => {
    const tokens = ['QR-T7', 'QR-T8', 'QR-T9', 'QR-T10', 'QR-T11'];
    const sessions = [];
    for (const token of tokens) sessions.push(await scan(token));
    for (const id of sessions) await idleForAnHour(id);
    const swept = await Promise.all(Array.from({ length: 4 }, () => sweepIdleSessions(t.app)));
    expect(swept.reduce((a, b) => a + b, 0)).toBe(tokens.length);
    const closed = await query<{ id: string; close_reason: string }>(
      `select id, close_reason from dining_sessions where id = any($1::uuid[])`,
      [sessions],
    );
    expect(closed.map((c) => c.close_reason)).toEqual(tokens.map(() => 'idle'));
    for (const token of tokens) await expectConsistent(token);
    // Each freed table is seated again by its next guests.
    const again = await scan(tokens[0]!);
    expect(sessions).not.toContain(again);
  });
});
