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

  /**
   * Waits until a backend is blocked on a lock (the server's check of the session). Asked on a
   * connection of its own: inside a transaction, pg_stat_activity is a snapshot.
   */
  const waitForLockWait = async () => {
    for (let i = 0; i < 300; i++) {
      const { rows } = await pool().query(
        `select 1 from pg_stat_activity
          where wait_event_type = 'Lock' and datname = current_database()`,
      );
      if (rows.length) return;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('the server never waited for the sign-out to commit');
  };

  it('is not stored when the revocation commits while the message is being checked', async () => {
    const login = await loginAs(t.app, 'waiter1', 'waiter123');
    const socket = await TestSocket.open(`${base}/ws?token=${login.token}`);
    await socket.waitReady();
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
      // The server's check now waits for the sign-out's row lock: commit only once it does.
      await waitForLockWait();
      await other.query('commit');
    } finally {
      other.release();
    }
    await socket.waitClosed();
    expect(socket.closeCode).toBe(WS_CLOSE.unauthorized);
    expect(await notifications('racing the sign-out')).toBe(0);
  });
});
