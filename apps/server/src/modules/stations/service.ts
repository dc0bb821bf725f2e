import {
  type CreateStationInput,
  createStationInputSchema,
  isBuiltInStation,
  defaultStationFor,
  STATIONS,
  type Station,
  type StationKind,
  type StationRow,
  type UpdateStationInput,
} from '@tavola/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { preparedQuery } from '../../core/db/prepared.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { menuCategories, menuItems, stations } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';

type Row = typeof stations.$inferSelect;

function toStation(row: Row): StationRow {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    kind: row.kind,
    displayOrder: row.displayOrder,
    active: row.active,
    ticketMinutes: row.ticketMinutes,
    builtIn: isBuiltInStation(row.slug),
  };
}

/** The restaurant's stations, in display order (kitchen and bar first unless moved). */
export async function listStations(db: DbOrTx, restaurantId: string): Promise<StationRow[]> {
  const rows = await db
    .select()
    .from(stations)
    .where(eq(stations.restaurantId, restaurantId))
    .orderBy(asc(stations.displayOrder), asc(stations.slug));
  return rows.map(toStation);
}

/** What the order and ticket paths need of a station. */
export interface StationFacts {
  slug: Station;
  kind: StationKind;
  active: boolean;
  ticketMinutes: number | null;
  displayOrder: number;
}

/**
 * The restaurant's stations by slug. Kitchen and bar are there even for a restaurant written
 * without their rows (they are every restaurant's; the rows hold only their settings).
 */
/** Every order reads them: prepared once. */
const stationRows = preparedQuery((db) =>
  db
    .select({
      slug: stations.slug,
      kind: stations.kind,
      active: stations.active,
      ticketMinutes: stations.ticketMinutes,
      displayOrder: stations.displayOrder,
    })
    .from(stations)
    .where(eq(stations.restaurantId, sql.placeholder('restaurantId')))
    .prepare('station_facts'),
);

export async function stationFacts(
  db: DbOrTx,
  restaurantId: string,
): Promise<Map<Station, StationFacts>> {
  const rows = await stationRows(db).execute({ restaurantId });
  const facts = new Map<Station, StationFacts>(rows.map((r) => [r.slug, r]));
  STATIONS.forEach((slug, i) => {
    if (!facts.has(slug))
      facts.set(slug, { slug, kind: slug, active: true, ticketMinutes: null, displayOrder: i });
  });
  return facts;
}

/** One station's facts, or null when the restaurant has no such station. */
export async function stationFactsOf(
  db: DbOrTx,
  restaurantId: string,
  slug: Station,
): Promise<StationFacts | null> {
  return (await stationFacts(db, restaurantId)).get(slug) ?? null;
}

/** Refuses a station that does not exist or is no longer active (routing a category or an item). */
export async function requireActiveStation(db: DbOrTx, restaurantId: string, slug: Station) {
  const facts = await stationFactsOf(db, restaurantId, slug);
  if (!facts?.active) throw refuse('STATION_NOT_FOUND', { station: slug });
  return facts;
}

export async function createStation(
  ctx: WorkContext,
  actor: StaffActor,
  input: CreateStationInput,
): Promise<StationRow> {
  const body = createStationInputSchema.parse(input);
  const { restaurantId } = actor;
  try {
    return await runWork(ctx, actor, async (uow) => {
      const { tx } = uow;
      const order =
        body.displayOrder ??
        (await listStations(tx, restaurantId)).reduce((m, s) => Math.max(m, s.displayOrder), -1) +
          1;
      // A savepoint, so a taken slug leaves the transaction usable for the 409.
      const row = await tx.transaction(async (sp) => {
        const [inserted] = await sp
          .insert(stations)
          .values({
            restaurantId,
            slug: body.slug,
            name: body.name,
            kind: body.kind,
            displayOrder: order,
            ticketMinutes: body.ticketMinutes ?? null,
          })
          .returning();
        return inserted;
      });
      if (!row) throw new Error('station insert returned nothing');
      uow.audit({
        action: 'station.created',
        entityType: 'station',
        entityId: row.id,
        details: { slug: row.slug, name: row.name, kind: row.kind },
      });
      uow.emit({
        type: 'stations_updated',
        data: { action: 'created', stationId: row.id, slug: row.slug },
      });
      return toStation(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('STATION_SLUG_TAKEN', { station: body.slug });
    throw error;
  }
}

export async function updateStation(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: UpdateStationInput,
): Promise<StationRow> {
  const { restaurantId } = actor;
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [current] = await tx
      .select()
      .from(stations)
      .where(and(eq(stations.id, id), eq(stations.restaurantId, restaurantId)))
      .for('update');
    if (!current) throw refuse('STATION_NOT_FOUND', { station: id });
    const builtIn = isBuiltInStation(current.slug);
    if (builtIn && (input.active === false || (input.kind && input.kind !== current.kind))) {
      throw refuse('STATION_BUILT_IN');
    }
    const [row] = await tx
      .update(stations)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.kind !== undefined ? { kind: input.kind } : {}),
        ...(input.displayOrder !== undefined ? { displayOrder: input.displayOrder } : {}),
        ...(input.active !== undefined ? { active: input.active } : {}),
        ...(input.ticketMinutes !== undefined ? { ticketMinutes: input.ticketMinutes } : {}),
        updatedAt: new Date(),
      })
      .where(eq(stations.id, id))
      .returning();
    if (!row) throw refuse('STATION_NOT_FOUND', { station: id });
    if (current.active && !row.active) await releaseRouting(tx, restaurantId, row.slug);
    uow.audit({
      action: row.active ? 'station.updated' : 'station.deactivated',
      entityType: 'station',
      entityId: row.id,
      details: { slug: row.slug, ...input },
    });
    uow.emit({
      type: 'stations_updated',
      data: { action: row.active ? 'updated' : 'deactivated', stationId: row.id, slug: row.slug },
    });
    return toStation(row);
  });
}

/**
 * A deactivated station's categories and items go back to the default routing (food to the
 * kitchen, drinks to the bar), so no new line is sent to a display nobody watches. Its open
 * tickets stay on its display until they are served.
 */
async function releaseRouting(tx: DbOrTx, restaurantId: string, slug: Station) {
  await tx
    .update(menuItems)
    .set({ station: null, updatedAt: new Date() })
    .where(and(eq(menuItems.restaurantId, restaurantId), eq(menuItems.station, slug)));
  // The category rows stay (they hold the category's translations); their station goes back.
  const routed = await tx
    .select({ id: menuCategories.id, name: menuCategories.name })
    .from(menuCategories)
    .where(and(eq(menuCategories.restaurantId, restaurantId), eq(menuCategories.station, slug)));
  for (const c of routed) {
    await tx
      .update(menuCategories)
      .set({ station: defaultStationFor(c.name), updatedAt: new Date() })
      .where(eq(menuCategories.id, c.id));
  }
}

export const deactivateStation = (ctx: WorkContext, actor: StaffActor, id: string) =>
  updateStation(ctx, actor, id, { active: false });
