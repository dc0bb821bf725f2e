import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { systemActor } from '../../core/auth/actors.js';
import type { ServerContext } from '../../core/context.js';
import type { ServerModule } from '../../core/module.js';
import { diningSessions, orders, requests, restaurants, tables } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { lockTableRow, moveTable, tableKeepsACheck } from '../tables/index.js';

/** How many idle sessions one sweep closes at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * A session that may end by itself: still open, no guest activity for the restaurant's idle
 * minutes (the database's clock, the same for every instance), no order ever placed in it and no
 * call or bill request waiting.
 */
const stillIdle = () =>
  and(
    eq(diningSessions.status, 'open'),
    // A tab was opened by staff on purpose (a takeaway may wait hours for its first order):
    // only a table's sitting that its guests left is swept.
    isNotNull(diningSessions.tableId),
    sql`${diningSessions.lastActivityAt} < now() - make_interval(mins => (select ${restaurants.sessionIdleMinutes} from ${restaurants} where ${restaurants.id} = ${diningSessions.restaurantId}))`,
    sql`not exists (select 1 from ${orders} where ${orders.diningSessionId} = ${diningSessions.id})`,
    sql`not exists (select 1 from ${requests} where ${requests.diningSessionId} = ${diningSessions.id} and ${requests.status} = 'open')`,
  );

/**
 * Closes the dining sessions guests left without ordering, freeing their tables: each in its own
 * unit of work, by the system, with a `table_closed` event (the floor and the Tables tab update
 * live) and an audit entry. Resolves to how many were closed.
 *
 * Safe with several instances sweeping at once, and with guests acting at that moment: the close
 * is one conditional update, taken after the table's lock (the order every writer of a table and
 * its session keeps). A second sweeper's update finds the session closed already; a guest's scan,
 * order or request writes the session's last activity under its lock, so an update waiting for
 * that lock re-reads the row and leaves it open, and one that got there first makes the guest's
 * order open a new session rather than join a closed one.
 */
export async function sweepIdleSessions(ctx: WorkContext): Promise<number> {
  const candidates = await ctx.db
    .select({
      id: diningSessions.id,
      tableId: diningSessions.tableId,
      restaurantId: diningSessions.restaurantId,
    })
    .from(diningSessions)
    .where(stillIdle())
    .orderBy(asc(diningSessions.lastActivityAt))
    .limit(SWEEP_BATCH);
  let closed = 0;
  for (const candidate of candidates) {
    if (await closeIfIdle(ctx, candidate)) closed++;
  }
  return closed;
}

function closeIfIdle(
  ctx: WorkContext,
  candidate: { id: string; tableId: string | null; restaurantId: string },
): Promise<boolean> {
  return runWork(ctx, systemActor(candidate.restaurantId), async (uow) => {
    const { tx } = uow;
    await lockTableRow(tx, candidate.tableId);
    const [session] = await tx
      .update(diningSessions)
      .set({ status: 'closed', closedAt: new Date(), closeReason: 'idle', paymentStatus: 'none' })
      .where(and(eq(diningSessions.id, candidate.id), stillIdle()))
      .returning();
    if (!session?.tableId) return false;
    const [table] = await tx.select().from(tables).where(eq(tables.id, session.tableId));
    if (!table) return false;
    const status = (await tableKeepsACheck(tx, table.id))
      ? null
      : await moveTable(tx, table.id, 'closed', { assignedWaiterId: null });
    uow.audit({
      action: 'dining_session.idle_closed',
      entityType: 'dining_session',
      entityId: session.id,
      details: {
        tableId: table.id,
        tableNumber: table.number,
        openedAt: session.openedAt.toISOString(),
        lastActivityAt: session.lastActivityAt.toISOString(),
        assignedWaiterId: table.assignedWaiterId,
      },
    });
    uow.emit({
      type: 'table_closed',
      data: {
        tableId: table.id,
        tableNumber: table.number,
        sessionId: session.id,
        reason: 'idle',
        status: status ?? table.status,
        voidedOrders: 0,
      },
      tableId: table.id,
    });
    return true;
  });
}

/**
 * Sweeps every `SESSION_SWEEP_MS` on every instance while the server runs (0: never); a sweep
 * never overlaps the previous one, and stopping waits for a sweep under way before the database
 * goes.
 */
export const idleSweep = {
  schedules: (ctx: Pick<ServerContext, 'db' | 'bus' | 'log' | 'config'>) => [
    {
      kind: 'timer',
      name: 'idle session sweep',
      everyMs: ctx.config.sessionSweepMs,
      run: async () => {
        const closed = await sweepIdleSessions(ctx);
        if (closed > 0) ctx.log.info({ closed }, 'idle tables freed');
      },
    } as const,
  ],
} satisfies Pick<ServerModule, 'schedules'>;
