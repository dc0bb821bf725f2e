import { PRINTER_ALERT_SECONDS, printersRoutes, ticketsRoutes } from '@tavola/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { consumerCursors, events, printJobs } from '../../core/db/schema.js';
import { client, type Client } from '../../testing/client.js';
import { createOtherRestaurant, placeGuestOrder, signInAs } from '../../testing/fixtures.js';
import { BACKENDS, createTestApp, type TestApp } from '../../testing/harness.js';
import { startPrinterEmulator, type PrinterEmulator } from '../../testing/printer-emulator.js';
import { checkPrinterPort } from './service.js';
import { printDue, printQueueFor, probePrinters } from './queue.js';
import { CONNECT_TIMEOUT_MS, STATUS_TIMEOUT_MS } from './transport.js';

const config = testConfig({ printers: { allowAnyPort: true } });
/** The restaurant's business date today (the demo restaurant is in Rome). */
const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
const TABLES = Array.from({ length: 12 }, (_, i) => `QR-T${i + 1}`);

describe.each(BACKENDS)('Printing on %s', (backend) => {
  let t: TestApp;
  let api: Client;
  const token: Record<string, string> = {};
  let main: PrinterEmulator;
  let backup: PrinterEmulator;
  let mainId: string;
  let backupId: string;
  let tableTurn = 0;
  let clock = Date.now();

  const ctx = () => ({ db: t.app.db, bus: t.app.bus, config, log: t.app.log });
  const as = (who: string) => api.as(token[who]!);

  /** Lets the consumer turn every event so far into jobs, and the queue print what it can. */
  const settle = async () => {
    await t.app.consumers.runPending();
    await printQueueFor(ctx()).idle();
    await printersIdle();
  };
  /** Every connection the server made has ended on the printers' side. */
  const printersIdle = async () => {
    await main?.idle();
    await backup?.idle();
  };
  /** Moves the fake clock on and prints what is due by then (retries, the move to the backup). */
  const later = async (seconds: number) => {
    // Never behind the real clock: jobs written now are due by the real time.
    clock = Math.max(clock, Date.now()) + seconds * 1000;
    await printDue(ctx(), undefined, new Date(clock));
    await printersIdle();
  };

  const order = async () => {
    const placed = await placeGuestOrder(t, TABLES[tableTurn++ % TABLES.length]!, [
      ['Caesar Salad', 1],
    ]);
    expect(placed.status, placed.res.body).toBe(201);
    return placed.data.order_number;
  };

  const numbersOn = (p: PrinterEmulator) =>
    p.printed.map((job) => job.text.find((l) => /^#\d+$/.test(l)));

  const statusEvents = async () =>
    (
      await t.database.db
        .select({ data: events.data, seq: events.seq })
        .from(events)
        .where(
          and(eq(events.restaurantId, t.restaurantId), eq(events.type, 'printer_status_changed')),
        )
        .orderBy(asc(events.seq))
    ).map((e) => e.data as { printerId: string; status: string; stations: string[] });

  /** The newest status event of one printer (a probe also reports earlier tests' printers, whose emulators are gone, in any order). */
  const lastStatusOf = async (printerId: string) =>
    (await statusEvents()).filter((e) => e.printerId === printerId).at(-1);

  const addPrinter = async (name: string, p: PrinterEmulator) => {
    const res = await as('manager').call(printersRoutes.createPrinter, {
      body: { name, host: p.host, port: p.port, commandSet: p.language },
    });
    expect(res.status, res.res.body).toBe(201);
    return res.data.id;
  };

  beforeAll(async () => {
    t = await createTestApp(backend, { printers: { allowAnyPort: true } });
    api = client(t.app);
    for (const role of ['manager', 'kitchen', 'waiter', 'admin'] as const) {
      token[role] = await signInAs(t, role);
    }
    token.other = (await createOtherRestaurant(t, { name: 'Altrove' })).tokens.manager!;
  });
  afterAll(async () => {
    await main?.close();
    await backup?.close();
    await t?.close();
  });

  const freshPrinters = async () => {
    await main?.close();
    await backup?.close();
    main = await startPrinterEmulator();
    backup = await startPrinterEmulator();
    mainId = await addPrinter(`Kitchen ${tableTurn}`, main);
    backupId = await addPrinter(`Backup ${tableTurn}`, backup);
    const set = await as('manager').call(printersRoutes.setStationPrinters, {
      params: { station: 'kitchen' },
      body: { printerId: mainId, backupPrinterId: backupId },
    });
    expect(set.status, set.res.body).toBe(200);
  };

  afterEach(async () => {
    // Each test leaves its own queue empty (its printers are replaced by the next test's).
    await settle();
    await t.database.db
      .update(printJobs)
      .set({ status: 'cancelled' })
      .where(eq(printJobs.status, 'pending'));
  });

  it('lets a manager add printers and list them with their status; other restaurants and roles cannot', async () => {
    await freshPrinters();
    const list = await as('kitchen').call(printersRoutes.listPrinters);
    expect(list.status, list.res.body).toBe(200);
    expect(list.data.find((p) => p.id === mainId)).toMatchObject({
      host: '127.0.0.1',
      port: main.port,
      commandSet: 'epson',
      codePage: 'cp858',
      status: 'unknown',
      lastSeenAt: null,
      stations: ['kitchen'],
      backupFor: [],
    });
    expect(list.data.find((p) => p.id === backupId)?.backupFor).toEqual(['kitchen']);
    expect((await as('waiter').call(printersRoutes.listPrinters)).status).toBe(403);
    expect(
      (await as('kitchen').call(printersRoutes.createPrinter, { body: { name: 'X', host: 'x' } }))
        .status,
    ).toBe(403);
    // Another restaurant sees none of them and cannot touch them.
    expect((await as('other').call(printersRoutes.listPrinters)).data).toEqual([]);
    const theirs = await as('other').call(printersRoutes.updatePrinter, {
      params: { id: mainId },
      body: { name: 'Mine now' },
    });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'PRINTER_NOT_FOUND' });
    const assign = await as('other').call(printersRoutes.setStationPrinters, {
      params: { station: 'kitchen' },
      body: { printerId: mainId, backupPrinterId: null },
    });
    expect(assign.status).toBe(404);
    const same = await as('manager').call(printersRoutes.setStationPrinters, {
      params: { station: 'kitchen' },
      body: { printerId: mainId, backupPrinterId: mainId },
    });
    expect(same.body).toMatchObject({ code: 'PRINTER_BACKUP_SAME' });
    // One receipt printer: naming a second takes the role from the first.
    const r1 = await as('manager').call(printersRoutes.updatePrinter, {
      params: { id: mainId },
      body: { receipt: true },
    });
    expect(r1.data.receipt).toBe(true);
    await as('manager').call(printersRoutes.updatePrinter, {
      params: { id: backupId },
      body: { receipt: true },
    });
    const after = await as('manager').call(printersRoutes.listPrinters);
    expect(after.data.filter((p) => p.receipt).map((p) => p.id)).toEqual([backupId]);
  });

  it('refuses a port other than raw printing’s unless the configuration allows any', () => {
    expect(() => checkPrinterPort(testConfig(), 6379)).toThrow(/port from 9100 to 9109/);
    expect(() => checkPrinterPort(testConfig(), 9100)).not.toThrow();
    expect(() => checkPrinterPort(config, 6379)).not.toThrow();
  });

  it('prints every kitchen ticket exactly once, in order, and reports the printer online', async () => {
    await freshPrinters();
    const numbers = [await order(), await order(), await order()];
    await settle();
    expect(numbersOn(main)).toEqual(numbers.map((n) => `#${n}`));
    expect(main.printed[0]!.text).toContain('1 x Caesar Salad');
    expect(main.printed.every((j) => j.cuts === 1)).toBe(true);
    expect(backup.printed).toEqual([]);
    // Running everything again prints nothing more.
    await later(60);
    await settle();
    expect(main.printed).toHaveLength(3);
    const list = await as('manager').call(printersRoutes.listPrinters);
    expect(list.data.find((p) => p.id === mainId)).toMatchObject({
      status: 'online',
      lastSeenAt: expect.any(String),
      lastError: null,
      pendingJobs: 0,
    });
    // Its status bytes were asked before and after each job.
    expect(main.statusRequests.length).toBeGreaterThanOrEqual(6);
  });

  it('on paper out: alerts at the first attempt, retries, moves the job to the backup, and keeps the order', async () => {
    await freshPrinters();
    const seen = (await statusEvents()).length;
    main.setState('paper_out');
    const first = await order();
    await settle();
    // The first attempt read the status bytes and raised the alert: no clock has moved yet.
    const alerts = (await statusEvents()).slice(seen);
    expect(alerts).toEqual([
      expect.objectContaining({ printerId: mainId, status: 'paper_out', stations: ['kitchen'] }),
    ]);
    expect(main.printed).toEqual([]);
    // The worst first attempt (an unplugged printer: no answer to connect, status reads) is
    // within the alert's promise.
    expect(CONNECT_TIMEOUT_MS + 3 * STATUS_TIMEOUT_MS).toBeLessThan(PRINTER_ALERT_SECONDS * 1000);
    // Retried after its pause, it fails again and goes to the backup at once.
    await later(3);
    expect(numbersOn(backup)).toEqual([`#${first}`]);
    const [rerouted] = await t.database.db
      .select({ data: events.data })
      .from(events)
      .where(eq(events.type, 'print_job_rerouted'))
      .orderBy(sql`${events.seq} desc`)
      .limit(1);
    expect(rerouted?.data).toMatchObject({ fromPrinterId: mainId, toPrinterId: backupId });
    // While the main printer says it has no paper, new tickets go straight to the backup.
    const second = await order();
    await settle();
    expect(numbersOn(backup)).toEqual([`#${first}`, `#${second}`]);
    // Paper back: the probe sees it, the alert clears, and tickets print on the main again.
    main.setState('ready');
    await probePrinters(ctx(), undefined, t.restaurantId);
    expect(await lastStatusOf(mainId)).toMatchObject({ printerId: mainId, status: 'online' });
    const third = await order();
    await settle();
    expect(numbersOn(main)).toEqual([`#${third}`]);
    expect(backup.printed).toHaveLength(2);
  });

  it('reports a cover left open from the status bytes', async () => {
    await freshPrinters();
    main.setState('cover_open');
    await order();
    await settle();
    expect(await lastStatusOf(mainId)).toMatchObject({
      printerId: mainId,
      status: 'cover_open',
    });
    const job = (await as('manager').call(printersRoutes.listPrintJobs)).data[0]!;
    expect(job).toMatchObject({ status: 'pending', attempts: 1 });
    expect(job.lastError).toMatch(/Cover open/);
    main.setState('ready');
    await later(3);
    expect(main.printed).toHaveLength(1);
  });

  it('retries a printer that refuses connections, and prints the waiting tickets once each, in order, when it is back', async () => {
    await freshPrinters();
    // No backup for this one: the tickets wait for their printer.
    await as('manager').call(printersRoutes.setStationPrinters, {
      params: { station: 'kitchen' },
      body: { printerId: mainId, backupPrinterId: null },
    });
    await main.offline();
    const numbers = [await order(), await order(), await order()];
    await settle();
    expect(await lastStatusOf(mainId)).toMatchObject({ printerId: mainId, status: 'offline' });
    await later(3);
    await later(6);
    expect(main.printed).toEqual([]);
    await main.online();
    await later(30);
    expect(numbersOn(main)).toEqual(numbers.map((n) => `#${n}`));
    await later(60);
    expect(main.printed).toHaveLength(3);
  });

  it('prints again a job whose connection dropped part-way, once', async () => {
    await freshPrinters();
    main.dropMidJob(1);
    const n = await order();
    await settle();
    expect(main.printed).toEqual([]);
    await later(3);
    expect(numbersOn(main)).toEqual([`#${n}`]);
    expect(backup.printed).toEqual([]);
    await later(60);
    expect(main.printed).toHaveLength(1);
  });

  it('reprints a ticket from the display, marked REPRINT; prints a Z report and a test page', async () => {
    await freshPrinters();
    const n = await order();
    await settle();
    const tickets = await as('kitchen').call(ticketsRoutes.listTickets, {
      query: { station: 'kitchen' },
    });
    const ticket = tickets.data.tickets.find((x) => x.orderNumber === n)!;
    const res = await as('kitchen').call(printersRoutes.reprintTicket, {
      params: { id: ticket.id },
    });
    expect(res.status, res.res.body).toBe(202);
    await settle();
    expect(main.printed).toHaveLength(2);
    expect(main.printed[1]!.text).toContain('REPRINT');
    expect(numbersOn(main)).toEqual([`#${n}`, `#${n}`]);
    // Another restaurant's manager cannot reprint it.
    expect(
      (await as('other').call(printersRoutes.reprintTicket, { params: { id: ticket.id } })).status,
    ).toBe(404);

    // No receipt printer (the earlier tests' go), then this test's backup becomes it.
    for (const p of (await as('manager').call(printersRoutes.listPrinters)).data) {
      if (!p.receipt) continue;
      const gone = await as('manager').call(printersRoutes.deletePrinter, { params: { id: p.id } });
      expect(gone.status, gone.res.body).toBe(200);
    }
    const noReceipt = await as('manager').call(printersRoutes.printZReport, {
      body: { date: today() },
    });
    expect(noReceipt.body).toMatchObject({ code: 'NO_RECEIPT_PRINTER' });
    await as('manager').call(printersRoutes.updatePrinter, {
      params: { id: backupId },
      body: { receipt: true },
    });
    const z = await as('manager').call(printersRoutes.printZReport, { body: { date: today() } });
    expect(z.status, z.res.body).toBe(202);
    const test = await as('manager').call(printersRoutes.testPrinter, { params: { id: mainId } });
    expect(test.status, test.res.body).toBe(202);
    await settle();
    expect(backup.printed[0]!.text.slice(0, 2)).toEqual(['Z REPORT', 'Tavola Demo Bistro']);
    expect(main.printed[2]!.text).toContain('€ 12,50 · àèéìòù ÄÖÜß ñç');
    expect(main.printed[2]!.qrCodes).toEqual(['tavola:test']);
  });

  it('prints to a Star printer in its own command set', async () => {
    await freshPrinters();
    const star = await startPrinterEmulator({ language: 'star' });
    try {
      const id = await addPrinter('Star', star);
      await as('manager').call(printersRoutes.testPrinter, { params: { id } });
      await settle();
      await star.waitForPrinted(1);
      expect(star.printed[0]!.text).toContain('€ 12,50 · àèéìòù ÄÖÜß ñç');
    } finally {
      await star.close();
    }
  });

  it("reads a Star printer's status from its ASB: paper out and cover open hold the ticket, ready prints it once", async () => {
    await freshPrinters();
    const star = await startPrinterEmulator({ language: 'star' });
    try {
      const id = await addPrinter('Star kitchen', star);
      await as('manager').call(printersRoutes.setStationPrinters, {
        params: { station: 'kitchen' },
        body: { printerId: id, backupPrinterId: null },
      });
      star.setState('paper_out');
      const n = await order();
      await settle();
      await star.idle();
      expect(await lastStatusOf(id)).toMatchObject({ printerId: id, status: 'paper_out' });
      expect(star.printed).toEqual([]);
      star.setState('cover_open');
      await later(3);
      await star.idle();
      expect(await lastStatusOf(id)).toMatchObject({ printerId: id, status: 'cover_open' });
      expect(star.printed).toEqual([]);
      star.setState('ready');
      await later(6);
      await star.idle();
      expect(numbersOn(star)).toEqual([`#${n}`]);
      expect(await lastStatusOf(id)).toMatchObject({ printerId: id, status: 'online' });
      // Asked before and after the job, and at each failed attempt.
      expect(star.statusRequests.filter((r) => r === 'asb').length).toBeGreaterThanOrEqual(4);
      await later(60);
      await star.idle();
      expect(star.printed).toHaveLength(1);
    } finally {
      await star.close();
    }
  });

  it('after a restart, prints what waited exactly once, and a replayed batch adds nothing', async () => {
    await freshPrinters();
    await as('manager').call(printersRoutes.setStationPrinters, {
      params: { station: 'kitchen' },
      body: { printerId: mainId, backupPrinterId: null },
    });
    await main.offline();
    const numbers = [await order(), await order()];
    await settle();
    expect(main.printed).toEqual([]);
    // The server stops with the tickets queued; another starts on the same database.
    await t.app.close();
    t.app = await buildApp(testConfig({ printers: { allowAnyPort: true } }), {
      database: t.database,
    });
    await t.app.ready();
    api = client(t.app);
    await main.online();
    await later(30);
    expect(numbersOn(main)).toEqual(numbers.map((n) => `#${n}`));
    // The consumer reads every event again (as after a crash before its cursor moved).
    await t.database.db
      .update(consumerCursors)
      .set({ lastSeq: 0 })
      .where(eq(consumerCursors.consumer, 'printers.tickets'));
    await settle();
    await later(60);
    expect(main.printed).toHaveLength(2);
  });
});
