import { printersRoutes } from '@tavola/contract';
import { startAgent, type RunningAgent } from '@tavola/print-agent';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { seedDemo } from '../../core/db/seed.js';
import { client } from '../../testing/client.js';
import { createTestDatabase, loginAs, type TestDatabase } from '../../testing/harness.js';
import { listen, TestSocket, waitForAttached } from '../../testing/ws-client.js';

/**
 * Two instances behind one PostgreSQL and one Redis: an agent signed in on B is closed at once
 * when an admin on A revokes its token (A holds no socket of it), and nobody else's socket is.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL || !process.env.REDIS_URL)(
  'print agent revocation across two instances',
  () => {
    let db: TestDatabase;
    let a: FastifyInstance;
    let b: FastifyInstance;
    let baseB: string;
    let agent: RunningAgent | undefined;

    beforeAll(async () => {
      db = await createTestDatabase('postgres');
      await seedDemo(db.database.db, { history: false });
      const config = testConfig({
        redisUrl: process.env.REDIS_URL,
        wsHeartbeatMs: 60_000,
        printers: { allowAnyPort: true },
      });
      a = await buildApp(config, { database: db.database });
      b = await buildApp(config, { database: db.database });
      await Promise.all([a.ready(), b.ready()]);
      baseB = await listen(b);
    });
    afterAll(async () => {
      await agent?.close();
      await a?.close();
      await b?.close();
      await db?.dispose();
    });

    it('closes on B the socket of an agent whose token was revoked on A (4403), and leaves the screens open', async () => {
      const admin = client(a).as((await loginAs(a, 'admin1', 'admin123')).token);
      const created = await admin.call(printersRoutes.createPrintAgent, {
        body: { name: 'Back office' },
      });
      expect(created.status, created.res.body).toBe(201);
      agent = startAgent({ url: baseB, token: created.data.token });
      await agent.opened;
      const cook = await loginAs(b, 'kitchen1', 'kitchen123');
      const screen = await TestSocket.open(`${baseB}/ws?token=${cook.token}`);
      await waitForAttached(b, 1);

      const onA = await admin.call(printersRoutes.listPrintAgents);
      expect(onA.data.find((x) => x.id === created.data.id)?.connected).toBe(false);
      const onB = await client(b)
        .as((await loginAs(b, 'admin1', 'admin123')).token)
        .call(printersRoutes.listPrintAgents);
      expect(onB.data.find((x) => x.id === created.data.id)?.connected).toBe(true);

      const revoked = await admin.call(printersRoutes.revokePrintAgent, {
        params: { id: created.data.id },
      });
      expect(revoked.status, revoked.res.body).toBe(200);
      // B holds no heartbeat for agents: only the bus can close it, and within moments.
      const ended = await Promise.race([
        agent.ended,
        new Promise<'still open'>((r) => setTimeout(() => r('still open'), 5000)),
      ]);
      expect(ended).toBe(4403);
      expect(await screen.stillOpen()).toBe(true);
      screen.close();
    });
  },
);
