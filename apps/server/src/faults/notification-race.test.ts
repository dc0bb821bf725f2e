import { WS_CLOSE } from '@tavola/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, type TestApp } from '../testing/harness.js';
import { listen, TestSocket } from '../testing/ws-client.js';

// PGlite runs one transaction at a time, so this race only exists (and is only tested) on
// PostgreSQL.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a staff message racing a sign-out', () => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    base = await listen(t.app);
  });
  afterAll(async () => t?.close());

  const pool = () => (t.database.db as unknown as { $client: pg.Pool }).$client;
  const notifications = async (message: string) => {
    const { rows } = await pool().query(
      `select 1 from events where type = 'staff_notification' and data->>'message' = $1`,
      [message],
    );
    return rows.length;
  };

  it('is not stored when the revocation commits while the message is being checked', async () => {
    const login = await loginAs(t.app, 'waiter1', 'waiter123');
    const socket = await TestSocket.open(`${base}/ws?token=${login.token}`);
    for (let i = 0; i < 100 && t.app.realtime.size < 1; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
    // Another instance signs the session out; its transaction has not committed yet.
    const other = await pool().connect();
    try {
      await other.query('begin');
      await other.query(
        `update auth_sessions set revoked_at = now()
          where user_id = $1 and revoked_at is null`,
        [login.user.id],
      );
      socket.send(
        JSON.stringify({ type: 'staff_notification', data: { message: 'racing the sign-out' } }),
      );
      // Long enough for the server to check (and, unguarded, store) the message.
      await new Promise((r) => setTimeout(r, 300));
      await other.query('commit');
    } finally {
      other.release();
    }
    await socket.waitClosed();
    expect(socket.closeCode).toBe(WS_CLOSE.unauthorized);
    expect(await notifications('racing the sign-out')).toBe(0);
  });
});
