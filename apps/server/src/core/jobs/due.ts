import { and, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client.js';

/** A table of attempts retried on a schedule: pending rows wait for `nextAttemptAt`. */
type RetryQueue = PgTable & { id: AnyPgColumn; status: AnyPgColumn; nextAttemptAt: AnyPgColumn };

/**
 * Whether any pending row of `queue` is due now, in any restaurant: an index read, so a job
 * that works such a queue is offered only when it has something to do.
 */
export async function anyPendingDue(db: DbOrTx, queue: RetryQueue): Promise<boolean> {
  const [row] = await db
    .select({ id: queue.id })
    .from(queue)
    .where(
      and(
        eq(queue.status, 'pending'),
        sql`${queue.nextAttemptAt} <= ${new Date().toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
