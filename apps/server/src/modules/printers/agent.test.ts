import { printersRoutes } from '@tavola/contract';
import { startAgent, type RunningAgent } from '@tavola/print-agent';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.js';
import { printJobs } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../testing/printer-emulator.js';
import { printDue, printQueueFor } from './queue.js';

const config = testConfig({ printers: { allowAnyPort: true } });

describe.each(BACKENDS)('The print agent on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  let url: string;
  let printer: PrinterEmulator;
  let agent: RunningAgent;
  let agentId: string;
  let token: string;
  let clock = Date.now();
  const tokens: Record<string, string> = {};
  const ctx = () => ({ db: t.app.db, bus: t.app.bus, config, log: t.app.log });
  const as = (who: string) => api.as(tokens[who]!);

  const settle = async () => {
    await t.app.consumers.runPending();
    await printQueueFor(ctx()).idle();
    await printer.idle();
  };
  const later = async (seconds: number) => {
    // Never behind the real clock: jobs written now are due by the real time.
    clock = Math.max(clock, Date.now()) + seconds * 1000;
    await printDue(ctx(), undefined, new Date(clock));
    await printer.idle();
  };
  const numbers = () => printer.printed.map((j) => j.text.find((l) => /^#\d+$/.test(l)));
  const order = async (table: string) => {
    const placed = await placeGuestOrder(t, table, [['Caesar Salad', 1]]);
    expect(placed.status, placed.res.body).toBe(201);
    return `#${placed.data.order_number}`;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { printers: { allowAnyPort: true } });
    api = client(t.app);
    tokens.admin = await signInAs(t, 'admin');
    tokens.manager = await signInAs(t, 'manager');
    url = await t.app.listen({ host: '127.0.0.1', port: 0 });
    printer = await startPrinterEmulator();
  });
  afterAll(async () => {
    await agent?.close();
    await printer?.close();
    await t?.close();
  });

  it('lets only an admin create a device token, shown once', async () => {
    expect(
      (await as('manager').call(printersRoutes.createPrintAgent, { body: { name: 'Back office' } }))
        .status,
    ).toBe(403);
    const res = await as('admin').call(printersRoutes.createPrintAgent, {
      body: { name: 'Back office' },
    });
    expect(res.status, res.res.body).toBe(201);
    expect(res.res.headers['cache-control']).toBe('no-store');
    expect(res.data).toMatchObject({ name: 'Back office', connected: false, revokedAt: null });
    expect(res.data.token).toMatch(/^tpa_[A-Za-z0-9_-]{43}$/);
    agentId = res.data.id;
    token = res.data.token;
    const list = await as('manager').call(printersRoutes.listPrintAgents);
    expect(JSON.stringify(list.data)).not.toContain(token);
  });

  it('refuses a wrong token at once', async () => {
    const wrong = startAgent({ url, token: 'tpa_wrong' });
    await expect(wrong.opened).rejects.toThrow(/Token refused/);
    expect(await wrong.ended).toBe(4403);
  });

  it('prints a station’s tickets through its one outbound socket, once each and in order, and reports health', async () => {
    agent = startAgent({ url, token });
    await agent.opened;
    const agents = await as('manager').call(printersRoutes.listPrintAgents);
    expect(agents.data[0]).toMatchObject({ id: agentId, connected: true });
    const created = await as('manager').call(printersRoutes.createPrinter, {
      body: { name: 'Kitchen (via agent)', host: printer.host, port: printer.port, agentId },
    });
    expect(created.status, created.res.body).toBe(201);
    expect(created.data.agentId).toBe(agentId);
    await as('manager').call(printersRoutes.setStationPrinters, {
      params: { station: 'kitchen' },
      body: { printerId: created.data.id, backupPrinterId: null },
    });
    const placed = [await order('QR-T1'), await order('QR-T2'), await order('QR-T3')];
    await settle();
    expect(numbers()).toEqual(placed);
    const listed = await as('manager').call(printersRoutes.listPrinters);
    expect(listed.data.find((p) => p.id === created.data.id)).toMatchObject({
      status: 'online',
      lastError: null,
    });

    // Paper out, read by the agent from the printer's status bytes, reaches the server's alert.
    printer.setState('paper_out');
    const fourth = await order('QR-T4');
    await settle();
    const after = await as('manager').call(printersRoutes.listPrinters);
    expect(after.data.find((p) => p.id === created.data.id)).toMatchObject({
      status: 'paper_out',
      lastError: 'Paper out',
    });
    printer.setState('ready');
    await later(3);
    expect(numbers()).toEqual([...placed, fourth]);
    // A connection dropped mid-job, between the agent and the printer: printed again, once.
    printer.dropMidJob(1);
    const fifth = await order('QR-T5');
    await settle();
    await later(3);
    await later(60);
    expect(numbers()).toEqual([...placed, fourth, fifth]);
  });

  it('closes the agent’s socket at once when its token is revoked; its jobs wait', async () => {
    const res = await as('manager').call(printersRoutes.revokePrintAgent, {
      params: { id: agentId },
    });
    expect(res.status, res.res.body).toBe(200);
    expect(await agent.ended).toBe(4403);
    expect(agent.connected).toBe(false);
    const waiting = await order('QR-T6');
    await settle();
    expect(numbers()).not.toContain(waiting);
    const [job] = await t.database.db
      .select()
      .from(printJobs)
      .where(eq(printJobs.status, 'pending'));
    expect(job?.lastError).toMatch(/Print agent not connected/);
    // The revoked token cannot sign in again.
    const again = startAgent({ url, token });
    await expect(again.opened).rejects.toThrow(/Token refused/);
  });
});
