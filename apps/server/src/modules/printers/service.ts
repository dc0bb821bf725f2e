import {
  createPrinterInputSchema,
  type CreatePrinterInput,
  type Printer,
  type PrinterCodePage,
  type PrinterStatus,
  type PrintJob,
  type PrintReceiptInput,
  type StationPrintersInput,
  type UpdatePrinterInput,
} from '@tavola/contract';
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Db, DbOrTx } from '../../core/db/client.js';
import {
  orders,
  printAgents,
  printers,
  printJobs,
  restaurants,
  stations,
} from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { isRawPrintingPort, RAW_PRINTING_PORTS } from '../../core/net/raw-tcp.js';
import { zReport } from '../business-days/index.js';
import { getTicketView, ticketViews, type TicketView } from '../orders/index.js';
import { staffReceipt } from '../receipts/index.js';
import { documentTitle, type PrintDocument } from './render.js';

type PrinterRow = typeof printers.$inferSelect;
type JobRow = typeof printJobs.$inferSelect;

/** What the printer services need: the database, the bus and the configuration. */
export interface PrinterContext extends WorkContext {
  config: Config;
}

export function checkPrinterPort(config: Config, port: number): void {
  if (config.printers?.allowAnyPort || isRawPrintingPort(port)) return;
  const { min, max } = RAW_PRINTING_PORTS;
  throw refuse('PRINTER_PORT_NOT_ALLOWED', { min, max });
}

export function toPrintJob(row: JobRow): PrintJob {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status === 'cancelled' ? 'printed' : row.status,
    station: row.station,
    title: row.title,
    printerId: row.printerId,
    printedOn: row.printedOn,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    printedAt: row.printedAt?.toISOString() ?? null,
  };
}

/** The restaurant's printers with their stations and waiting jobs. */
export async function listPrinters(db: DbOrTx, restaurantId: string): Promise<Printer[]> {
  const rows = await db
    .select()
    .from(printers)
    .where(eq(printers.restaurantId, restaurantId))
    .orderBy(printers.name, printers.id);
  const stationRows = await db
    .select({
      slug: stations.slug,
      printerId: stations.printerId,
      backupPrinterId: stations.backupPrinterId,
    })
    .from(stations)
    .where(eq(stations.restaurantId, restaurantId));
  const pending = await db
    .select({
      printerId: printJobs.printerId,
      station: printJobs.station,
      kind: printJobs.kind,
      n: count(),
    })
    .from(printJobs)
    .where(and(eq(printJobs.restaurantId, restaurantId), eq(printJobs.status, 'pending')))
    .groupBy(printJobs.printerId, printJobs.station, printJobs.kind);
  return rows.map((row) => {
    const mine = stationRows.filter((s) => s.printerId === row.id).map((s) => s.slug);
    const waiting = pending
      .filter(
        (p) =>
          p.printerId === row.id ||
          (p.station !== null && mine.includes(p.station)) ||
          (row.receipt && (p.kind === 'receipt' || p.kind === 'z_report')),
      )
      .reduce((sum, p) => sum + p.n, 0);
    return {
      id: row.id,
      name: row.name,
      host: row.host,
      port: row.port,
      commandSet: row.commandSet,
      codePage: row.codePage as PrinterCodePage,
      columns: row.columns,
      receipt: row.receipt,
      agentId: row.agentId,
      status: row.status as PrinterStatus,
      lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
      lastError: row.lastError,
      statusChangedAt: row.statusChangedAt?.toISOString() ?? null,
      stations: mine,
      backupFor: stationRows.filter((s) => s.backupPrinterId === row.id).map((s) => s.slug),
      pendingJobs: waiting,
    };
  });
}

async function printerView(db: DbOrTx, restaurantId: string, id: string): Promise<Printer> {
  const view = (await listPrinters(db, restaurantId)).find((p) => p.id === id);
  if (!view) throw refuse('PRINTER_NOT_FOUND');
  return view;
}

async function printerRow(db: DbOrTx, restaurantId: string, id: string): Promise<PrinterRow> {
  const [row] = await db
    .select()
    .from(printers)
    .where(and(eq(printers.id, id), eq(printers.restaurantId, restaurantId)));
  if (!row) throw refuse('PRINTER_NOT_FOUND');
  return row;
}

/** Refuses an agent that is not the restaurant's (or was revoked). */
async function requireAgent(db: DbOrTx, restaurantId: string, id: string) {
  const [row] = await db
    .select({ id: printAgents.id })
    .from(printAgents)
    .where(
      and(
        eq(printAgents.id, id),
        eq(printAgents.restaurantId, restaurantId),
        isNull(printAgents.revokedAt),
      ),
    );
  if (!row) throw refuse('PRINT_AGENT_NOT_FOUND');
}

/** Another printer stops being the receipt printer when this one becomes it. */
async function takeReceiptRole(db: DbOrTx, restaurantId: string) {
  await db
    .update(printers)
    .set({ receipt: false })
    .where(and(eq(printers.restaurantId, restaurantId), eq(printers.receipt, true)));
}

export async function createPrinter(
  ctx: PrinterContext,
  actor: StaffActor,
  input: CreatePrinterInput,
): Promise<Printer> {
  const body = createPrinterInputSchema.parse(input);
  checkPrinterPort(ctx.config, body.port);
  return runWork(ctx, actor, async (uow) => {
    if (body.agentId) await requireAgent(uow.tx, actor.restaurantId, body.agentId);
    if (body.receipt) await takeReceiptRole(uow.tx, actor.restaurantId);
    const [row] = await uow.tx
      .insert(printers)
      .values({ restaurantId: actor.restaurantId, ...body })
      .returning();
    uow.audit({
      action: 'printer.created',
      entityType: 'printer',
      entityId: row!.id,
      details: { name: body.name, host: body.host, port: body.port, receipt: body.receipt },
    });
    return printerView(uow.tx, actor.restaurantId, row!.id);
  });
}

export async function updatePrinter(
  ctx: PrinterContext,
  actor: StaffActor,
  id: string,
  input: UpdatePrinterInput,
): Promise<Printer> {
  if (input.port !== undefined) checkPrinterPort(ctx.config, input.port);
  return runWork(ctx, actor, async (uow) => {
    await printerRow(uow.tx, actor.restaurantId, id);
    if (input.agentId) await requireAgent(uow.tx, actor.restaurantId, input.agentId);
    if (input.receipt) await takeReceiptRole(uow.tx, actor.restaurantId);
    const addressChanged =
      input.host !== undefined || input.port !== undefined || input.agentId !== undefined;
    await uow.tx
      .update(printers)
      .set({
        ...input,
        // Another address is another printer as far as its state goes: unknown until reached.
        ...(addressChanged
          ? { status: 'unknown', lastError: null, statusChangedAt: new Date() }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(printers.id, id));
    uow.audit({
      action: 'printer.updated',
      entityType: 'printer',
      entityId: id,
      details: { changes: Object.keys(input) },
    });
    return printerView(uow.tx, actor.restaurantId, id);
  });
}

export async function deletePrinter(
  ctx: PrinterContext,
  actor: StaffActor,
  id: string,
): Promise<{ id: string }> {
  await runWork(ctx, actor, async (uow) => {
    const row = await printerRow(uow.tx, actor.restaurantId, id);
    await uow.tx.delete(printers).where(eq(printers.id, id));
    uow.audit({
      action: 'printer.deleted',
      entityType: 'printer',
      entityId: id,
      details: { name: row.name },
    });
  });
  return { id };
}

export async function setStationPrinters(
  ctx: PrinterContext,
  actor: StaffActor,
  slug: string,
  input: StationPrintersInput,
) {
  if (input.printerId && input.printerId === input.backupPrinterId) {
    throw refuse('PRINTER_BACKUP_SAME');
  }
  return runWork(ctx, actor, async (uow) => {
    for (const id of [input.printerId, input.backupPrinterId]) {
      if (id) await printerRow(uow.tx, actor.restaurantId, id);
    }
    const [row] = await uow.tx
      .update(stations)
      .set({
        printerId: input.printerId,
        backupPrinterId: input.backupPrinterId,
        updatedAt: new Date(),
      })
      .where(and(eq(stations.restaurantId, actor.restaurantId), eq(stations.slug, slug)))
      .returning();
    if (!row) throw refuse('STATION_NOT_FOUND', { station: slug });
    uow.audit({
      action: 'printer.station_assigned',
      entityType: 'station',
      entityId: row.id,
      details: {
        station: slug,
        printerId: input.printerId,
        backupPrinterId: input.backupPrinterId,
      },
    });
    return { station: slug, printerId: row.printerId, backupPrinterId: row.backupPrinterId };
  });
}

export async function listPrintJobs(db: Db, restaurantId: string): Promise<PrintJob[]> {
  const rows = await db
    .select()
    .from(printJobs)
    .where(eq(printJobs.restaurantId, restaurantId))
    .orderBy(desc(printJobs.createdAt), desc(printJobs.queueSeq))
    .limit(50);
  return rows.map(toPrintJob);
}

export interface NewJob {
  restaurantId: string;
  sourceKey: string;
  kind: JobRow['kind'];
  queue: string;
  station: string | null;
  printerId: string | null;
  document: PrintDocument;
}

/** Queues jobs; a source key already queued adds nothing (a repeated consumer batch). */
export async function queueJobs(db: DbOrTx, jobs: NewJob[]): Promise<JobRow[]> {
  if (jobs.length === 0) return [];
  return db
    .insert(printJobs)
    .values(jobs.map((j) => ({ ...j, title: documentTitle(j.document) })))
    .onConflictDoNothing()
    .returning();
}

export async function restaurantFacts(db: DbOrTx, restaurantId: string) {
  const [row] = await db
    .select({ name: restaurants.name, timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row ?? { name: '', timezone: 'UTC' };
}

const onDemandKey = (what: string) =>
  `${what}:${Date.now()}:${Math.random().toString(36).slice(2)}`;

type StationRow = typeof stations.$inferSelect;

/** A ticket again, marked REPRINT, on its station's printer. */
function reprintJob(
  restaurantId: string,
  ticket: TicketView,
  station: StationRow,
  timezone: string,
): NewJob {
  return {
    restaurantId,
    sourceKey: onDemandKey(`reprint:${ticket.id}`),
    kind: 'ticket',
    queue: `station:${ticket.station}`,
    station: ticket.station,
    printerId: null,
    document: { kind: 'ticket', ticket, stationName: station.name, timezone, reprint: true },
  };
}

const printsAt = (station: StationRow): boolean =>
  Boolean(station.printerId ?? station.backupPrinterId);

async function stationsBySlug(db: Db, restaurantId: string, slugs: string[]) {
  const rows = await db
    .select()
    .from(stations)
    .where(and(eq(stations.restaurantId, restaurantId), inArray(stations.slug, slugs)));
  return new Map(rows.map((r) => [r.slug, r]));
}

/** A station's ticket again, marked REPRINT, on that station's printer. */
export async function reprintTicket(db: Db, actor: StaffActor, ticketId: string): Promise<JobRow> {
  const ticket = await getTicketView(db, actor.restaurantId, ticketId);
  if (!ticket) throw refuse('TICKET_NOT_FOUND');
  const station = (await stationsBySlug(db, actor.restaurantId, [ticket.station])).get(
    ticket.station,
  );
  if (!station || !printsAt(station)) {
    throw refuse('STATION_HAS_NO_PRINTER', { station: station?.name ?? ticket.station });
  }
  const { timezone } = await restaurantFacts(db, actor.restaurantId);
  const [job] = await queueJobs(db, [reprintJob(actor.restaurantId, ticket, station, timezone)]);
  return job!;
}

/**
 * An order's tickets again (the order history), each on its station's printer; a ticket of a
 * station that prints nothing is left out. Refused when none of them prints anywhere.
 */
export async function reprintOrder(
  db: Db,
  actor: StaffActor,
  orderNumber: number,
): Promise<JobRow[]> {
  const tickets = await ticketViews(db, actor.restaurantId, eq(orders.orderNumber, orderNumber));
  if (tickets.length === 0) throw refuse('ORDER_NOT_FOUND');
  const slugs = [...new Set(tickets.map((x) => x.station))];
  const bySlug = await stationsBySlug(db, actor.restaurantId, slugs);
  const { timezone } = await restaurantFacts(db, actor.restaurantId);
  const jobs = tickets.flatMap((ticket) => {
    const station = bySlug.get(ticket.station);
    return station && printsAt(station)
      ? [reprintJob(actor.restaurantId, ticket, station, timezone)]
      : [];
  });
  if (jobs.length === 0) {
    throw refuse('STATION_HAS_NO_PRINTER', { station: bySlug.get(slugs[0]!)?.name ?? slugs[0]! });
  }
  return queueJobs(db, jobs);
}

async function requireReceiptPrinter(db: DbOrTx, restaurantId: string) {
  const [row] = await db
    .select({ id: printers.id })
    .from(printers)
    .where(and(eq(printers.restaurantId, restaurantId), eq(printers.receipt, true)));
  if (!row) throw refuse('NO_RECEIPT_PRINTER');
}

/** A receipt's copy on the receipt printer, by its number or by its order's. */
export async function printReceipt(
  db: Db,
  actor: StaffActor,
  by: PrintReceiptInput,
): Promise<JobRow> {
  await requireReceiptPrinter(db, actor.restaurantId);
  const receipt = await staffReceipt(db, actor.restaurantId, by);
  const [job] = await queueJobs(db, [
    {
      restaurantId: actor.restaurantId,
      sourceKey: onDemandKey(`receipt:${receipt.number}`),
      kind: 'receipt',
      queue: 'receipt',
      station: null,
      printerId: null,
      document: { kind: 'receipt', receipt, copy: true },
    },
  ]);
  return job!;
}

/** A day's Z report on the receipt printer. */
export async function printZReport(db: Db, actor: StaffActor, date: string): Promise<JobRow> {
  await requireReceiptPrinter(db, actor.restaurantId);
  const { report } = await zReport(db, actor.restaurantId, date);
  const [job] = await queueJobs(db, [
    {
      restaurantId: actor.restaurantId,
      sourceKey: onDemandKey(`z:${report.date}`),
      kind: 'z_report',
      queue: 'receipt',
      station: null,
      printerId: null,
      document: { kind: 'z_report', report },
    },
  ]);
  return job!;
}

/** A test page on one printer (its own queue: it never waits behind a station's tickets). */
export async function testPrinter(db: Db, actor: StaffActor, id: string): Promise<JobRow> {
  const row = await printerRow(db, actor.restaurantId, id);
  const { name, timezone } = await restaurantFacts(db, actor.restaurantId);
  const [job] = await queueJobs(db, [
    {
      restaurantId: actor.restaurantId,
      sourceKey: onDemandKey(`test:${id}`),
      kind: 'test',
      queue: `printer:${id}`,
      station: null,
      printerId: id,
      document: {
        kind: 'test',
        printerName: row.name,
        restaurantName: name,
        at: new Date().toISOString(),
        timezone,
      },
    },
  ]);
  return job!;
}
