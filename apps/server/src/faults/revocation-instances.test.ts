import { WS_CLOSE } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { tables } from '../core/db/schema.js';
import { seedDemo } from '../core/db/seed.js';
import { createTestDatabase, loginAs, type TestDatabase } from '../testing/harness.js';
import { listen, TestSocket } from '../testing/ws-client.js';

/**
 * Two instances behind one PostgreSQL and one Redis: a revocation made through one closes the
 * sockets held by the other, at once (not only at the next heartbeat, which is set long here).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
  'revocation across two instances',
  () => {
    let db: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let baseB: string;
    let restaurantId: string;

    beforeAll(async () => {
      db = await createTestDatabase('postgres');
      ({ restaurantId } = await seedDemo(db.database.db, { history: false }));
      const config = testConfig({ redisUrl: process.env.REDIS_URL, wsHeartbeatMs: 60_000 });
      a = await buildApp(config, { database: db.database });
      b = await buildApp(config, { database: db.database });
      await Promise.all([a.ready(), b.ready()]);
      baseB = await listen(b);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await db?.dispose();
    });

    const attachedOnB = async (n: number) => {
      for (let i = 0; i < 100 && b.realtime.size < n; i++) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(b.realtime.size).toBe(n);
    };
    const onA = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
      a.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}` },
        ...(payload ? { payload } : {}),
      });

    it('closes on B the socket of a session signed out on A', async () => {
      const { token } = await loginAs(a, 'waiter1', 'waiter123');
      const socket = await TestSocket.open(`${baseB}/ws?token=${token}`);
      await attachedOnB(1);
      expect((await onA('POST', '/api/auth/logout', token)).statusCode).toBe(200);
      await socket.waitClosed(2000);
      expect(socket.closeCode).toBe(WS_CLOSE.unauthorized);
    });

    it('closes on B the sockets of a user deactivated on A', async () => {
      const manager = (await loginAs(a, 'manager1', 'manager123')).token;
      const cook = await loginAs(a, 'kitchen1', 'kitchen123');
      const socket = await TestSocket.open(`${baseB}/ws?token=${cook.token}`);
      await attachedOnB(1);
      expect((await onA('DELETE', `/api/staff/${cook.user.id}`, manager)).statusCode).toBe(200);
      await socket.waitClosed(2000);
      expect(socket.closeReason).toMatch(/deactivated/i);
    });

    /** Resolves when instance B has heard a disconnect (its cached session checks heard it first). */
    const heardOnB = () =>
      new Promise<void>((resolve) => {
        const off = b.bus.subscribeDisconnect(() => {
          off();
          resolve();
        });
      });
    const onB = (url: string, token: string) =>
      b.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

    it('refuses on B the next call of a token signed out on A, though B had its check cached', async () => {
      const { token } = await loginAs(a, 'waiter1', 'waiter123');
      expect((await onB('/api/auth/profile', token)).statusCode).toBe(200);
      expect((await onB('/api/auth/profile', token)).statusCode).toBe(200);
      const heard = heardOnB();
      expect((await onA('POST', '/api/auth/logout', token)).statusCode).toBe(200);
      await heard;
      expect((await onB('/api/auth/profile', token)).statusCode).toBe(401);
    });

    it('refuses on B the next call of a member of staff whose password was changed on A', async () => {
      const admin = (await loginAs(a, 'admin1', 'admin123')).token;
      // Waiter1 (signed out above) signs in again; no later test needs the old password.
      const waiter = await loginAs(a, 'waiter1', 'waiter123');
      expect((await onB('/api/auth/profile', waiter.token)).statusCode).toBe(200);
      const heard = heardOnB();
      const changed = await onA('PUT', `/api/staff/${waiter.user.id}`, admin, {
        password: 'another-Passw0rd-for-B',
      });
      expect(changed.statusCode).toBe(200);
      await heard;
      expect((await onB('/api/auth/profile', waiter.token)).statusCode).toBe(401);
    });

    it('closes on B the guest socket of a table whose code was rotated on A', async () => {
      const manager = (await loginAs(a, 'manager1', 'manager123')).token;
      const guest = await TestSocket.open(`${baseB}/ws?tableToken=QR-T4`);
      await attachedOnB(1);
      const [table] = await db.database.db.select().from(tables).where(eq(tables.qrToken, 'QR-T4'));
      expect((await onA('POST', `/api/tables/${table!.id}/rotate-qr`, manager)).statusCode).toBe(
        200,
      );
      await guest.waitClosed(2000);
      expect(guest.closeCode).toBe(WS_CLOSE.forbidden);
    });

    it("closes on B every staff socket of a restaurant suspended on A, and tells B's guests both ways", async () => {
      const { token } = await loginAs(a, 'bar1', 'bar123');
      const bar = await TestSocket.open(`${baseB}/ws?token=${token}`);
      const guest = await TestSocket.open(`${baseB}/ws?tableToken=QR-T5`);
      await attachedOnB(2);
      // The team suspends it through instance A.
      const team = (await loginAs(a, 'team1', 'team123')).token;
      const suspended = await onA(
        'POST',
        `/api/platform/restaurants/${restaurantId}/suspend`,
        team,
        {
          reason: 'fault test',
        },
      );
      expect(suspended.statusCode).toBe(200);
      await bar.waitClosed(2000);
      expect(bar.closeCode).toBe(WS_CLOSE.forbidden);
      // The guest's page on B stays, told of the suspension and then of the activation.
      const told = (action: string) =>
        guest.waitFor(
          (m) => m.some((e) => e.type === 'menu_updated' && e.data.action === action),
          2000,
        );
      await told('restaurant_suspended');
      const activated = await onA(
        'POST',
        `/api/platform/restaurants/${restaurantId}/activate`,
        team,
        { reason: 'fault test over' },
      );
      expect(activated.statusCode).toBe(200);
      await told('restaurant_activated');
    });
  },
);
