import { authRoutes } from '@tavola/contract';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../core/db/client.js';
import { seedDemo } from '../core/db/seed.js';
import { fetchedData } from '../testing/client.js';
import { BACKENDS, createTestDatabase, type TestDatabase } from '../testing/harness.js';
import { ServerProcess } from '../testing/server-process.js';
import { TestSocket } from '../testing/ws-client.js';

/**
 * A correctness bound, not a speed measurement: a server that shuts down properly exits in well
 * under a second here; one that waits for something that never ends (an idle keep-alive
 * connection, a socket that never closes, a request that never completes) waits far longer. Five
 * seconds leaves room for a slow machine without hiding a hang.
 */
const EXIT_BOUND_MS = 5000;

/**
 * SIGTERM with clients attached: a staff screen's WebSocket, an idle keep-alive HTTP connection
 * and a client that sent half a request and went quiet. The process must close them all and exit
 * with 0, within the bound, with the job queue running (and Redis when REDIS_URL is set).
 */
describe.each(BACKENDS)('SIGTERM with clients connected, on %s', (backend) => {
  let server: ServerProcess;
  let db: TestDatabase | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    let env: Record<string, string>;
    if (backend === 'postgres') {
      db = await createTestDatabase('postgres');
      await seedDemo(db.database.db, { history: false });
      env = { DATABASE_URL: db.url! };
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tavola-shutdown-'));
      const database = await createDatabase({ dataDir });
      await database.migrate();
      await seedDemo(database.db, { history: false });
      await database.close();
      env = { DATA_DIR: dataDir };
    }
    server = new ServerProcess({ ...env, JOBS: 'true', LOG_LEVEL: 'warn' });
    await server.start();
  }, 120_000);
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.dispose();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('closes every connection and exits with 0', async () => {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'waiter1', password: 'waiter123' }),
    });
    const session = await fetchedData(authRoutes.login, login);
    if (!('token' in session)) throw new Error('sign-in answered no token');
    const { token } = session;
    const screen = await TestSocket.open(`${server.base.replace('http', 'ws')}/ws?token=${token}`);
    await screen.waitReady();

    // A keep-alive connection left open after its answer.
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    const kept = await new Promise<net.Socket>((resolve, reject) => {
      const req = http.get(`${server.base}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket!));
      });
      req.on('error', reject);
    });
    let keptClosed = false;
    kept.once('close', () => (keptClosed = true));

    // Half a request, then silence.
    const { port } = new URL(server.base);
    const half = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => half.once('connect', resolve));
    half.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    half.on('error', () => undefined);

    let bound: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      server.stop('SIGTERM'),
      new Promise<'still running'>((resolve) => {
        bound = setTimeout(() => resolve('still running'), EXIT_BOUND_MS);
      }),
    ]);
    clearTimeout(bound);
    expect(outcome, server.output).toBe(0);
    // The screen was told (a close frame with "going away"), not cut off.
    await screen.waitClosed();
    expect(screen.closeCode).toBe(1001);
    expect(keptClosed).toBe(true);
    half.destroy();
    agent.destroy();
  }, 30_000);
});
