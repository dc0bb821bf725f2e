import {
  PRINT_ATTEMPTS_BEFORE_BACKUP,
  PRINT_RETRY_SECONDS,
  type PrinterCodePage,
  type PrinterStatus,
} from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { systemActor } from '../../core/auth/actors.js';
import { restaurantFlag } from '../../core/cache/restaurant-flag.js';
import { printers, printJobs, stations } from '../../core/db/schema.js';
import { defineConsumer } from '../../core/events/consumers.js';
import { runWork } from '../../core/events/unit-of-work.js';
import { anyPendingDue } from '../../core/jobs/due.js';
import { defineJob } from '../../core/jobs/runner.js';
import { agentHubFor } from './agents.js';
import { renderDocument, type PrintDocument } from './render.js';
import { queueJobs, restaurantFacts, type NewJob, type PrinterContext } from './service.js';
import { sendToPrinter, type PrintOutcome } from './transport.js';

type PrinterRow = typeof printers.$inferSelect;
type JobRow = typeof printJobs.$inferSelect;

/** How long a claimed job stays claimed: longer than an attempt can take (connect + status). */
const CLAIM_SECONDS = 60;
/** Heads of queues claimed at once; each queue prints one job at a time, in order. */
const CLAIM_BATCH = 20;

/** Sends bytes to a printer and says how it went (over TCP here; a test or an agent may differ). */
export type PrintSender = (printer: PrinterRow, bytes: Uint8Array) => Promise<PrintOutcome>;

export const directSender: PrintSender = (printer, bytes) =>
  sendToPrinter({ host: printer.host, port: printer.port, commandSet: printer.commandSet }, bytes);

/** Sends through the printer's agent when it has one, else straight from the server. */
export function senderFor(ctx: Pick<PrinterContext, 'bus'>): PrintSender {
  const hub = agentHubFor(ctx);
  return (printer, bytes) =>
    printer.agentId ? hub.send(printer, bytes) : directSender(printer, bytes);
}

/** Offered every few seconds: prints what is due (retries, and whatever a crash left). */
export const printDueJob = defineJob<Record<string, never>>('printers.print-due', {
  retryLimit: 0,
  expireInSeconds: 15 * 60,
});
export const PRINT_DUE_EVERY_SECONDS = 2;

/**
 * Whether any print job is waiting and due, in any restaurant: an index read, so an idle server
 * does not offer the print-due job (an offer, a run and its record) every two seconds.
 */
export function anyDue(ctx: Pick<PrinterContext, 'db'>): Promise<boolean> {
  return anyPendingDue(ctx.db, printJobs);
}

/** Offered every half minute: asks every printer for its status (the screens' health). */
export const probePrintersJob = defineJob<Record<string, never>>('printers.probe', {
  retryLimit: 0,
  expireInSeconds: 10 * 60,
});
export const PROBE_EVERY_SECONDS = 30;

/** A printer whose last word was a problem: jobs go to the backup rather than wait for it. */
const troubled = (status: string) => status !== 'online' && status !== 'unknown';

/** Whether a restaurant has any printer (a station can print only to one of its own). */
export function hasPrinters(ctx: Pick<PrinterContext, 'db' | 'bus'>) {
  return restaurantFlag(ctx.bus, 'printer-restaurants', {
    events: ['backup_updated'],
    actions: /^(printer|backup|restaurant)\./,
    load: async (restaurantId) => {
      const [row] = await ctx.db
        .select({ id: printers.id })
        .from(printers)
        .where(eq(printers.restaurantId, restaurantId))
        .limit(1);
      return row !== undefined;
    },
  });
}

/**
 * Turns new station tickets (kitchen_order, bar_order, station_order) into print jobs for the
 * stations that have a printer: one job per event, keyed by the event's id, so a batch the
 * consumer runs again adds nothing, and each ticket prints once.
 */
export function ticketPrinting(ctx: PrinterContext, queue: PrintQueue) {
  return defineConsumer('printers.tickets', {
    types: ['kitchen_order', 'bar_order', 'station_order'],
    // A restaurant with no printer costs nothing per commit: the tick moves its cursor, and its
    // first printer prints nothing from before it existed (below).
    wanted: hasPrinters(ctx),
    async handle(batch, { restaurantId, db }) {
      const printing = await db
        .select({
          slug: stations.slug,
          name: stations.name,
          since: sql<Date | null>`(select min(${printers.createdAt}) from ${printers}
            where ${printers.restaurantId} = ${stations.restaurantId})`.mapWith(printers.createdAt),
        })
        .from(stations)
        .where(
          and(
            eq(stations.restaurantId, restaurantId),
            sql`(${stations.printerId} is not null or ${stations.backupPrinterId} is not null)`,
          ),
        );
      if (printing.length === 0) return;
      const names = new Map(printing.map((s) => [s.slug, s.name]));
      // Tickets from before the restaurant had any printer are not printed: the cursor used to
      // pass them at once, and now may reach them only when the first printer is added.
      const since = printing[0]!.since ?? new Date(0);
      const { timezone } = await restaurantFacts(db, restaurantId);
      const jobs: NewJob[] = [];
      for (const event of batch) {
        if (new Date(event.timestamp) < since) continue;
        const { station, ticket } = event.data;
        const stationName = names.get(station);
        if (!stationName) continue;
        jobs.push({
          restaurantId,
          sourceKey: `event:${event.id}`,
          kind: 'ticket',
          queue: `station:${station}`,
          station,
          printerId: null,
          document: { kind: 'ticket', ticket, stationName, timezone, reprint: false },
        });
      }
      if ((await queueJobs(db, jobs)).length > 0) queue.kick();
    },
  });
}

/** The heads of the queues that are due by `now` and not claimed: claimed now. */
async function claimDue(ctx: PrinterContext, now: Date): Promise<JobRow[]> {
  const at = now.toISOString();
  const due = sql`select j.id from ${printJobs} j
    where j.status = 'pending' and j.next_attempt_at <= ${at}::timestamptz
      and (j.locked_until is null or j.locked_until < ${at}::timestamptz)
      and not exists (select 1 from ${printJobs} p
        where p.restaurant_id = j.restaurant_id and p.queue = j.queue
          and p.status = 'pending' and p.queue_seq < j.queue_seq)
    order by j.queue_seq
    limit ${CLAIM_BATCH}
    for update of j skip locked`;
  return ctx.db
    .update(printJobs)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000) })
    .where(sql`${printJobs.id} in (${due})`)
    .returning();
}

/** The job's main printer and backup, as they are set now. */
async function printersFor(ctx: PrinterContext, job: JobRow) {
  const byId = async (id: string | null) => {
    if (!id) return null;
    const [row] = await ctx.db.select().from(printers).where(eq(printers.id, id));
    return row ?? null;
  };
  if (job.kind === 'test') return { main: await byId(job.printerId), backup: null };
  if (job.kind === 'ticket') {
    const [station] = await ctx.db
      .select({ printerId: stations.printerId, backupPrinterId: stations.backupPrinterId })
      .from(stations)
      .where(
        and(eq(stations.restaurantId, job.restaurantId), eq(stations.slug, job.station ?? '')),
      );
    return {
      main: await byId(station?.printerId ?? null),
      backup: await byId(station?.backupPrinterId ?? null),
    };
  }
  const [receipt] = await ctx.db
    .select()
    .from(printers)
    .where(and(eq(printers.restaurantId, job.restaurantId), eq(printers.receipt, true)));
  return { main: receipt ?? null, backup: null };
}

/**
 * Records what a printer said: its status, when it was last seen and its last error; a change
 * of status is an event (`printer_status_changed`), the alert the manager and the station see.
 */
export async function recordPrinterStatus(
  ctx: PrinterContext,
  printerId: string,
  outcome: PrintOutcome,
): Promise<void> {
  const status: PrinterStatus = outcome.status;
  const error = outcome.ok ? null : outcome.error;
  const [owner] = await ctx.db
    .select({ restaurantId: printers.restaurantId })
    .from(printers)
    .where(eq(printers.id, printerId));
  if (!owner) return;
  await runWork(ctx, systemActor(owner.restaurantId), async (uow) => {
    const [before] = await uow.tx
      .select()
      .from(printers)
      .where(eq(printers.id, printerId))
      .for('update');
    if (!before) return;
    const changed = before.status !== status;
    const now = new Date();
    await uow.tx
      .update(printers)
      .set({
        status,
        lastError: error,
        // It answered (even to say it has no paper): it was seen.
        ...(status !== 'offline' ? { lastSeenAt: now } : {}),
        ...(changed ? { statusChangedAt: now } : {}),
      })
      .where(eq(printers.id, printerId));
    if (!changed) return;
    const used = await uow.tx
      .select({ slug: stations.slug })
      .from(stations)
      .where(
        and(
          eq(stations.restaurantId, before.restaurantId),
          sql`(${stations.printerId} = ${printerId} or ${stations.backupPrinterId} = ${printerId})`,
        ),
      );
    uow.emit({
      type: 'printer_status_changed',
      data: {
        printerId,
        name: before.name,
        status,
        previousStatus: before.status as PrinterStatus,
        error,
        stations: used.map((s) => s.slug),
        receipt: before.receipt,
      },
    });
  });
}

const formatOf = (p: PrinterRow) => ({
  commandSet: p.commandSet,
  codePage: p.codePage as PrinterCodePage,
  columns: p.columns,
});

/** One attempt at a claimed job: on the printer it goes to now, then recorded. */
async function attempt(ctx: PrinterContext, send: PrintSender, job: JobRow, now: Date) {
  const { main, backup } = await printersFor(ctx, job);
  if (!main && !backup) {
    // Its station (or the restaurant) has no printer any more: nothing will print it.
    await ctx.db
      .update(printJobs)
      .set({ status: 'cancelled', lockedUntil: null, lastError: 'No printer' })
      .where(eq(printJobs.id, job.id));
    return;
  }
  let onBackup = job.onBackup;
  // A new job whose main printer last said it cannot print (and whose backup did not) goes
  // straight to the backup; a job that already failed follows its own count of failures.
  if (job.attempts === 0 && !onBackup && main && backup && troubled(main.status)) {
    if (!troubled(backup.status)) onBackup = true;
  }
  const printer = (onBackup ? (backup ?? main) : (main ?? backup))!;
  const other = printer === main ? backup : main;
  if (onBackup !== job.onBackup && other) await rerouted(ctx, job, other, printer);
  const bytes = renderDocument(job.document as PrintDocument, formatOf(printer));
  const outcome = await send(printer, bytes);
  await recordPrinterStatus(ctx, printer.id, outcome);
  if (outcome.ok) {
    await ctx.db
      .update(printJobs)
      .set({
        status: 'printed',
        attempts: job.attempts + 1,
        printedOn: printer.id,
        printedAt: new Date(),
        lockedUntil: null,
        lastError: null,
        onBackup,
      })
      .where(eq(printJobs.id, job.id));
    return;
  }
  const failures = (onBackup === job.onBackup ? job.failuresHere : 0) + 1;
  const move = other !== null && failures >= PRINT_ATTEMPTS_BEFORE_BACKUP;
  const delay = PRINT_RETRY_SECONDS[Math.min(failures - 1, PRINT_RETRY_SECONDS.length - 1)]!;
  await ctx.db
    .update(printJobs)
    .set({
      attempts: job.attempts + 1,
      failuresHere: move ? 0 : failures,
      onBackup: move ? printer !== backup : onBackup,
      // Moved: the other printer is tried at once; else after a pause.
      nextAttemptAt: move ? now : new Date(now.getTime() + delay * 1000),
      lockedUntil: null,
      lastError: `${printer.name}: ${outcome.error}`,
    })
    .where(eq(printJobs.id, job.id));
  if (move && other) await rerouted(ctx, job, printer, other);
}

/** Tells the screens a job left one printer for the other (`print_job_rerouted`). */
async function rerouted(ctx: PrinterContext, job: JobRow, from: PrinterRow, to: PrinterRow) {
  await runWork(ctx, systemActor(job.restaurantId), async (uow) => {
    uow.emit({
      type: 'print_job_rerouted',
      data: {
        jobId: job.id,
        kind: job.kind,
        station: job.station,
        title: job.title,
        fromPrinterId: from.id,
        fromPrinterName: from.name,
        toPrinterId: to.id,
        toPrinterName: to.name,
      },
    });
  });
}

/**
 * Prints every job due by `now`, round after round: each round takes the head of each queue
 * (so a station's tickets print in order, one at a time), queues side by side. Resolves to how
 * many attempts it made.
 */
export async function printDue(
  ctx: PrinterContext,
  send: PrintSender = senderFor(ctx),
  now: Date = new Date(),
): Promise<number> {
  let tried = 0;
  for (;;) {
    const claimed = await claimDue(ctx, now);
    if (claimed.length === 0) return tried;
    tried += claimed.length;
    await Promise.all(claimed.map((job) => attempt(ctx, send, job, now)));
  }
}

/** Asks every printer (of one restaurant, or all) for its status and records it. */
export async function probePrinters(
  ctx: PrinterContext,
  send: PrintSender = senderFor(ctx),
  restaurantId?: string,
): Promise<void> {
  const rows = await ctx.db
    .select()
    .from(printers)
    .where(restaurantId ? eq(printers.restaurantId, restaurantId) : undefined);
  await Promise.all(
    rows.map(async (p) => recordPrinterStatus(ctx, p.id, await send(p, new Uint8Array()))),
  );
}

/**
 * Runs `printDue` in the background on this instance when asked (`kick`), never two at once; a
 * kick during a run asks for one more after it. `idle` waits for the runs asked for.
 */
export class PrintQueue {
  private running: Promise<void> | null = null;
  private again = false;
  send: PrintSender;

  constructor(
    private readonly ctx: PrinterContext & { log: { warn: (o: object, m: string) => void } },
  ) {
    this.send = senderFor(ctx);
  }

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await printDue(this.ctx, this.send);
        } catch (err) {
          this.ctx.log.warn({ err }, 'print run failed; the next run retries');
        }
      } while (this.again);
    })().finally(() => (this.running = null));
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

const queues = new WeakMap<object, PrintQueue>();

/**
 * The print queue of this app, found by its bus (one per app: routes and the consumer share
 * it; each instance on a shared database has its own, sending through its own agents).
 */
export function printQueueFor(
  ctx: PrinterContext & { log: { warn: (o: object, m: string) => void } },
): PrintQueue {
  let queue = queues.get(ctx.bus);
  if (!queue) {
    queue = new PrintQueue(ctx);
    queues.set(ctx.bus, queue);
  }
  return queue;
}
