import { randomBytes } from 'node:crypto';
import {
  tableCapacityAboveMax,
  WS_CLOSE,
  WS_REVOKED,
  type AdminTable,
  type TableInput,
} from '@tavola/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { PDFDocument, rgb } from 'pdf-lib';
import QRCode from 'qrcode';
import type { Db, Tx } from '../../core/db/client.js';
import { diningSessions, orders, restaurants, tables, users } from '../../core/db/schema.js';
import { badRequest, conflict, notFound } from '../../core/http/errors.js';
import { embedUnicodeFonts } from '../../core/lib/pdf-fonts.js';
import { type PrintLogo } from '../../platform/branding/index.js';
import { assertCanAdd } from '../../platform/plans/index.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { closeForAvailable } from '../dining-sessions/index.js';

/** An unguessable token for a table's QR code (the demo's QR-T1… are the only readable ones). */
export function newTableToken(): string {
  return `T-${randomBytes(12).toString('base64url')}`;
}

export function orderUrl(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/order?token=${encodeURIComponent(token)}`;
}

const current = (restaurantId: string) =>
  and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt));

export async function listTables(
  db: Db,
  restaurantId: string,
  base: string | null,
): Promise<AdminTable[]> {
  const rows = await db
    .select({
      table: tables,
      open: sql<boolean>`exists (select 1 from ${diningSessions} where ${diningSessions.tableId} = ${tables.id} and ${diningSessions.status} = 'open')`,
      unpaid:
        sql<number>`(select count(*)::int from ${orders} join ${diningSessions} on ${diningSessions.id} = ${orders.diningSessionId} where ${diningSessions.tableId} = ${tables.id} and ${diningSessions.status} = 'open' and ${orders.status} not in ('paid', 'cancelled'))`.mapWith(
          Number,
        ),
      waiterName: users.name,
    })
    .from(tables)
    .leftJoin(users, eq(tables.assignedWaiterId, users.id))
    .where(current(restaurantId))
    .orderBy(asc(tables.number));
  return rows.map(({ table, open, unpaid, waiterName }) => ({
    id: table.id,
    number: table.number,
    capacity: table.capacity,
    status: table.status,
    qrToken: table.qrToken,
    orderUrl: base ? orderUrl(base, table.qrToken) : null,
    hasOpenSession: Boolean(open),
    assignedWaiter:
      table.assignedWaiterId && waiterName !== null
        ? { id: table.assignedWaiterId, name: waiterName }
        : null,
    unpaidOrders: unpaid,
  }));
}

function tableChanged(
  uow: UnitOfWork,
  table: typeof tables.$inferSelect,
  action: 'created' | 'updated' | 'deleted' | 'qr_rotated',
) {
  uow.audit({
    action: `table.${action}`,
    entityType: 'table',
    entityId: table.id,
    details: { number: table.number },
  });
  uow.emit({
    type: 'table_updated',
    data: { tableId: table.id, tableNumber: table.number, status: table.status, action },
    tableId: table.id,
  });
}

const numberTaken = (n: number) => conflict(`Table ${n} already exists`);

/**
 * A table seats at most the restaurant's max table capacity (issue 15, item 4). The restaurant's
 * row is read FOR SHARE: a settings change lowering the max (FOR UPDATE) waits, and then sees
 * this table.
 */
async function assertCapacityWithinMax(tx: Tx, restaurantId: string, capacity: number) {
  const [r] = await tx
    .select({ max: restaurants.maxTableCapacity })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .for('share');
  if (r && capacity > r.max) throw badRequest(tableCapacityAboveMax(r.max));
}

export async function createTable(ctx: WorkContext, actor: StaffActor, input: TableInput) {
  const { restaurantId } = actor;
  try {
    return await runWork(ctx, actor, async (uow) => {
      const { tx } = uow;
      await assertCanAdd(tx, restaurantId, 'tables');
      await assertCapacityWithinMax(tx, restaurantId, input.capacity);
      const [table] = await tx
        .insert(tables)
        .values({
          restaurantId,
          number: input.number,
          capacity: input.capacity,
          status: input.status ?? 'available',
          qrToken: newTableToken(),
        })
        .returning();
      if (!table) throw new Error('table insert returned nothing');
      tableChanged(uow, table, 'created');
      return table;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(input.number);
    throw error;
  }
}

async function lockTable(tx: Tx, restaurantId: string, id: string) {
  const [table] = await tx
    .select()
    .from(tables)
    .where(and(eq(tables.id, id), current(restaurantId)))
    .for('update');
  if (!table) throw notFound('Table not found');
  return table;
}

async function hasOpenSession(tx: Tx, tableId: string) {
  const [open] = await tx
    .select({ id: diningSessions.id })
    .from(diningSessions)
    .where(and(eq(diningSessions.tableId, tableId), eq(diningSessions.status, 'open')))
    .limit(1);
  return Boolean(open);
}

export async function updateTable(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: TableInput,
) {
  const { restaurantId } = actor;
  try {
    return await runWork(ctx, actor, async (uow) => {
      const { tx } = uow;
      const before = await lockTable(tx, restaurantId, id);
      await assertCapacityWithinMax(tx, restaurantId, input.capacity);
      if (
        input.status === 'maintenance' &&
        before.status !== 'maintenance' &&
        (await hasOpenSession(tx, id))
      ) {
        throw conflict(`Table ${before.number} has guests with an open bill; settle it first`);
      }
      // A seated table set free: its session ends too (refused while orders are unpaid).
      if (input.status === 'available') await closeForAvailable(uow, before);
      const [table] = await tx
        .update(tables)
        .set({
          number: input.number,
          capacity: input.capacity,
          ...(input.status ? { status: input.status } : {}),
          updatedAt: new Date(),
        })
        .where(eq(tables.id, id))
        .returning();
      if (!table) throw notFound('Table not found');
      tableChanged(uow, table, 'updated');
      return table;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw numberTaken(input.number);
    throw error;
  }
}

/** Removing a table archives it: its orders keep their history, and its QR code stops working. */
export async function deleteTable(ctx: WorkContext, actor: StaffActor, id: string) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const table = await lockTable(tx, restaurantId, id);
    if (await hasOpenSession(tx, id)) {
      throw conflict(
        `Table ${table.number} has an open dining session; settle it before removing the table`,
      );
    }
    const [archived] = await tx
      .update(tables)
      .set({
        archivedAt: new Date(),
        qrToken: newTableToken(),
        assignedWaiterId: null,
        updatedAt: new Date(),
      })
      .where(eq(tables.id, id))
      .returning();
    tableChanged(uow, archived ?? table, 'deleted');
    // The table's guest pages lose their access with its code.
    uow.disconnect({
      match: { tableId: id },
      code: WS_CLOSE.forbidden,
      reason: WS_REVOKED.tableRetired,
    });
  });
}

/** A new token for the table: the old printed code stops working at once. */
export async function rotateTableToken(ctx: WorkContext, actor: StaffActor, id: string) {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    await lockTable(tx, restaurantId, id);
    const [table] = await tx
      .update(tables)
      .set({ qrToken: newTableToken(), updatedAt: new Date() })
      .where(eq(tables.id, id))
      .returning();
    if (!table) throw notFound('Table not found');
    tableChanged(uow, table, 'qr_rotated');
    uow.disconnect({
      match: { tableId: table.id },
      code: WS_CLOSE.forbidden,
      reason: WS_REVOKED.tableRetired,
    });
    return table;
  });
}

export async function tableById(db: Db, restaurantId: string, id: string) {
  const [table] = await db
    .select()
    .from(tables)
    .where(and(eq(tables.id, id), current(restaurantId)));
  if (!table) throw notFound('Table not found');
  return table;
}

/** A brand for printed codes (issue 14, item 9): its name, colour and logo, any of them. */
export interface PrintBrand {
  name: string;
  color?: string | undefined;
  logo?: PrintLogo | null | undefined;
}

/** #rrggbb's contrast against white (WCAG), so a code stays scannable in the brand's colour. */
function contrastOnWhite(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}

/** The code's dark colour: the brand's when it contrasts enough with white, else black. */
export function qrDarkColor(brandColor: string | undefined): string {
  return brandColor && /^#[0-9a-f]{6}$/i.test(brandColor) && contrastOnWhite(brandColor) >= 4.5
    ? brandColor.toLowerCase()
    : '#000000';
}

const qrOptions = (brandColor?: string) => ({
  errorCorrectionLevel: 'M' as const,
  margin: 2,
  color: { dark: `${qrDarkColor(brandColor)}ff`, light: '#ffffffff' },
});

export function qrPng(url: string, brandColor?: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: 'png', width: 512, ...qrOptions(brandColor) });
}

export function qrSvg(url: string, brandColor?: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', ...qrOptions(brandColor) });
}

function pdfColor(hex: string | undefined) {
  if (!hex || !/^#[0-9a-f]{6}$/i.test(hex)) return null;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  return rgb(r, g, b);
}

/**
 * A print-ready A4 PDF: one labelled code per table, one table per page, under the brand the
 * restaurant shows (its own on a white-label plan): its name, a band and the code in its colour,
 * its logo when it could be fetched.
 */
export async function qrPdf(brand: PrintBrand, rows: AdminTable[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const { regular, bold, printable } = await embedUnicodeFonts(pdf);
  const name = printable(brand.name) || 'Tavola';
  const accent = pdfColor(brand.color);
  const logo = brand.logo
    ? await (
        brand.logo.kind === 'png' ? pdf.embedPng(brand.logo.bytes) : pdf.embedJpg(brand.logo.bytes)
      ).catch(() => null)
    : null;
  pdf.setTitle(`${name} table QR codes`);
  pdf.setCreator('Tavola');
  for (const row of rows) {
    if (!row.orderUrl) continue;
    const page = pdf.addPage([595.28, 841.89]);
    const { width, height } = page.getSize();
    const image = await pdf.embedPng(await qrPng(row.orderUrl, brand.color));
    const size = 340;
    const title = `Table ${row.number}`;
    if (accent) page.drawRectangle({ x: 0, y: height - 24, width, height: 24, color: accent });
    if (logo) {
      const scale = Math.min(160 / logo.width, 56 / logo.height, 1);
      const w = logo.width * scale;
      const h = logo.height * scale;
      page.drawImage(logo, { x: (width - w) / 2, y: height - 100 - h / 2, width: w, height: h });
    }
    page.drawText(name, {
      x: (width - regular.widthOfTextAtSize(name, 20)) / 2,
      y: height - 150,
      size: 20,
      font: regular,
      color: accent ?? rgb(0.3, 0.3, 0.3),
    });
    page.drawText(title, {
      x: (width - bold.widthOfTextAtSize(title, 48)) / 2,
      y: height - 205,
      size: 48,
      font: bold,
    });
    page.drawImage(image, {
      x: (width - size) / 2,
      y: height - 230 - size,
      width: size,
      height: size,
    });
    const hint = 'Scan to see the menu, order and pay';
    page.drawText(hint, {
      x: (width - regular.widthOfTextAtSize(hint, 16)) / 2,
      y: height - 270 - size,
      size: 16,
      font: regular,
    });
    page.drawText(row.orderUrl, {
      x: (width - regular.widthOfTextAtSize(row.orderUrl, 9)) / 2,
      y: 60,
      size: 9,
      font: regular,
      color: rgb(0.45, 0.45, 0.45),
    });
  }
  return pdf.save();
}

/**
 * A download of printable codes, in the audit log: the owner's setup checklist counts the codes
 * as printed from it (a sheet of every table, or one table's code).
 */
export async function recordQrDownload(
  ctx: WorkContext,
  actor: StaffActor,
  details: { format: 'pdf' | 'png' | 'svg'; tableNumber?: number },
) {
  await runWork(ctx, actor, async (uow) => {
    uow.audit({
      action: 'table.qr_downloaded',
      entityType: 'restaurant',
      entityId: actor.restaurantId,
      details,
    });
  });
}
