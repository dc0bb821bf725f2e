import type { SeatedTable } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import { diningSessions, restaurants, users } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { takeTableForStaff } from '../tables/index.js';
import { openOrJoinSession } from './service.js';

/**
 * A waiter seats a party from the floor: the table's bill opens for `guests` (or, already open,
 * takes that guest count), and a table that is nobody's becomes the waiter's. A table another
 * active waiter holds is refused unless the caller manages tables (the same rule as ringing up).
 */
export async function seatTable(
  ctx: WorkContext,
  actor: StaffActor,
  tableId: string,
  guests: number,
): Promise<SeatedTable> {
  const [restaurant] = await ctx.db
    .select({ maxTableCapacity: restaurants.maxTableCapacity })
    .from(restaurants)
    .where(eq(restaurants.id, actor.restaurantId));
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');
  if (guests > restaurant.maxTableCapacity) {
    throw refuse('GUEST_COUNT_ABOVE_MAX', { max: restaurant.maxTableCapacity });
  }
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    // Table, then session, as every writer of both.
    const table = await takeTableForStaff(uow, tableId, actor.user);
    const { session, opened } = await openOrJoinSession(uow, table, guests);
    let customerCount = session.customerCount;
    if (!opened && customerCount !== guests) {
      await tx
        .update(diningSessions)
        .set({ customerCount: guests })
        .where(eq(diningSessions.id, session.id));
      customerCount = guests;
    }
    uow.audit({
      action: 'table.seated',
      entityType: 'dining_session',
      entityId: session.id,
      details: { tableNumber: table.number, guests, opened },
    });
    const [waiter] = table.assignedWaiterId
      ? await tx
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(users.id, table.assignedWaiterId))
      : [];
    return {
      tableId: table.id,
      tableNumber: table.number,
      sessionId: session.id,
      customerCount,
      opened,
      assignedWaiter: waiter ?? null,
    };
  });
}
