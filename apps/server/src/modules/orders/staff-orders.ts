import {
  hasPermission,
  type PlacedOrder,
  type StaffOrderInput,
  type TableOrderInput,
} from '@tavola/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { diningSessions, restaurants, tables } from '../../core/db/schema.js';
import type { WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { takeTableForStaff } from '../tables/index.js';
import { placeOrder, requestHash } from './service.js';

/** Who rings an order up, as its lines record it. */
const enteredBy = (actor: StaffActor) => ({ id: actor.user.id, name: actor.user.name });

const openItemsAllowed = (actor: StaffActor) => hasPermission(actor.user.permissions, 'open_items');

/**
 * A member of staff rings up an order at a table: the same path as a guest's order (tickets per
 * station, events, the table's one bill), as the staff member. A table with no open bill is
 * seated for `guests`; a table held by another active waiter is refused unless the caller manages
 * tables; a table that is nobody's becomes the waiter's.
 */
export async function placeTableOrder(
  ctx: WorkContext,
  actor: StaffActor,
  tableId: string,
  input: TableOrderInput,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  const [row] = await ctx.db
    .select({ table: tables, restaurant: restaurants })
    .from(tables)
    .innerJoin(restaurants, eq(tables.restaurantId, restaurants.id))
    .where(
      and(
        eq(tables.id, tableId),
        eq(tables.restaurantId, actor.restaurantId),
        isNull(tables.archivedAt),
      ),
    );
  if (!row) throw refuse('TABLE_NOT_FOUND');
  const { table, restaurant } = row;
  if (input.guests !== undefined && input.guests > restaurant.maxTableCapacity) {
    throw refuse('GUEST_COUNT_ABOVE_MAX', { max: restaurant.maxTableCapacity });
  }
  return placeOrder(ctx, {
    restaurant,
    destination: {
      kind: 'table',
      table,
      guests: input.guests ?? 1,
      takeTable: (uow) => takeTableForStaff(uow, table.id, actor.user),
      ...(input.check !== undefined ? { checkNumber: input.check } : {}),
    },
    items: input.items,
    currency: input.currency ?? restaurant.currency,
    notes: input.notes,
    allergyNote: input.allergyNote,
    idempotencyKey,
    hash: requestHash({ table: table.id, ...input }),
    actor,
    enteredBy: enteredBy(actor),
    openItems: openItemsAllowed(actor),
  });
}

/** A member of staff rings up an order on an open tab (a bill without a table). */
export async function placeTabOrder(
  ctx: WorkContext,
  actor: StaffActor,
  tabId: string,
  input: StaffOrderInput,
  idempotencyKey: string | undefined,
): Promise<PlacedOrder> {
  // The tab first (another restaurant's is not found, whatever the lines), then its restaurant;
  // the order locks it again and finds it still open.
  const [row] = await ctx.db
    .select({ restaurant: restaurants })
    .from(diningSessions)
    .innerJoin(restaurants, eq(diningSessions.restaurantId, restaurants.id))
    .where(
      and(
        eq(diningSessions.id, tabId),
        eq(diningSessions.restaurantId, actor.restaurantId),
        isNull(diningSessions.tableId),
      ),
    );
  if (!row) throw refuse('TAB_NOT_FOUND');
  const { restaurant } = row;
  return placeOrder(ctx, {
    restaurant,
    destination: { kind: 'tab', sessionId: tabId },
    items: input.items,
    currency: input.currency ?? restaurant.currency,
    notes: input.notes,
    allergyNote: input.allergyNote,
    idempotencyKey,
    hash: requestHash({ tab: tabId, ...input }),
    actor,
    enteredBy: enteredBy(actor),
    openItems: openItemsAllowed(actor),
  });
}
