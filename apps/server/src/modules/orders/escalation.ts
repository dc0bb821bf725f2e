import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { systemActor } from '../../core/auth/actors.js';
import { orders, restaurants } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { defineJob } from '../../core/jobs/runner.js';
import { escalateTimedOutOrder } from '../tickets/index.js';

/** How many orders one sweep escalates at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/** How often the sweep runs across all instances (pg-boss lets one instance's offer through). */
export const ORDER_ESCALATION_EVERY_SECONDS = 60;

export const escalateOrdersJob = defineJob<Record<string, never>>('orders.escalate', {
  // The next minute's sweep is the retry.
  retryLimit: 0,
  expireInSeconds: 5 * 60,
});

/**
 * Orders still new (no station has started them) after their restaurant's order timeout, on the
 * database's clock, and not escalated yet.
 */
const timedOut = () =>
  and(
    eq(orders.status, 'new'),
    isNull(orders.escalatedAt),
    sql`${orders.createdAt} <= now() - make_interval(mins => (select ${restaurants.orderTimeoutMinutes} from ${restaurants} where ${restaurants.id} = ${orders.restaurantId}))`,
  );

/**
 * Escalates every order still new after its restaurant's order timeout (issue 15, item 4): each
 * in its own unit of work, by the system (`escalateTimedOutOrder`: urgent on the displays, the
 * manager's bell told, audited), never cancelled. Safe with several instances sweeping at once:
 * each order is escalated by one conditional update under its lock, so exactly once. Resolves
 * to how many orders this sweep escalated.
 */
export async function escalateTimedOutOrders(ctx: WorkContext): Promise<number> {
  const candidates = await ctx.db
    .select({ id: orders.id, restaurantId: orders.restaurantId })
    .from(orders)
    .where(timedOut())
    .orderBy(asc(orders.createdAt))
    .limit(SWEEP_BATCH);
  let escalated = 0;
  for (const c of candidates) {
    const done = await runWork(ctx, systemActor(c.restaurantId), (uow) =>
      escalateTimedOutOrder(uow, c.id),
    );
    if (done) escalated++;
  }
  return escalated;
}

/** Runs the sweep every minute on the shared job runner (exactly one instance per minute). */
export function scheduleOrderEscalation(app: FastifyInstance): void {
  app.jobs.register(escalateOrdersJob, async () => {
    const escalated = await escalateTimedOutOrders(app);
    if (escalated > 0) app.log.info({ escalated }, 'orders escalated after the order timeout');
  });
  app.jobs.every(escalateOrdersJob, ORDER_ESCALATION_EVERY_SECONDS);
}
