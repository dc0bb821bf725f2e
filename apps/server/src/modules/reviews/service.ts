import {
  REVIEW_LATEST_COUNT,
  REVIEW_SUMMARY_DAYS,
  type LeaveReviewInput,
  type LeftReview,
  type ReviewSummary,
} from '@tavola/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { diningSessions, orders, restaurants, reviews, tables } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { guestActor } from '../../core/auth/actors.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { startOfLocal } from '../reports/index.js';
import { resolvePublicTable } from '../tables/index.js';

/**
 * A guest reviews their visit: the dining session their page belongs to, or
 * the table's open one; once it has an order, and once only. The manager hears it at once.
 */
export async function leaveReview(ctx: WorkContext, input: LeaveReviewInput): Promise<LeftReview> {
  // A table closed since (maintenance) still takes the review of a visit it had.
  const { table } = await resolvePublicTable(ctx.db, input.token, { readOnly: true });
  return runWork(ctx, guestActor(table), async (uow) => {
    const { tx } = uow;
    // Only this table's sessions: another table's code never reaches this visit.
    const [session] = await tx
      .select({ id: diningSessions.id })
      .from(diningSessions)
      .where(
        and(
          eq(diningSessions.tableId, table.id),
          input.sessionId
            ? eq(diningSessions.id, input.sessionId)
            : and(eq(diningSessions.status, 'open'), eq(diningSessions.checkNumber, 1)),
        ),
      )
      .limit(1);
    if (!session) {
      throw input.sessionId ? refuse('REVIEW_VISIT_NOT_FOUND') : refuse('REVIEW_NO_VISIT');
    }
    const [ordered] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.diningSessionId, session.id))
      .limit(1);
    if (!ordered) throw refuse('REVIEW_BEFORE_ORDER');

    // One per session: the unique index decides between two taps at once.
    const comment = input.comment ? input.comment : null;
    const [review] = await tx
      .insert(reviews)
      .values({
        restaurantId: table.restaurantId,
        diningSessionId: session.id,
        tableId: table.id,
        rating: input.rating,
        comment,
      })
      .onConflictDoNothing({ target: reviews.diningSessionId })
      .returning();
    if (!review) throw refuse('REVIEW_ALREADY_LEFT');
    uow.audit({
      action: 'review.left',
      entityType: 'review',
      entityId: review.id,
      details: { tableNumber: table.number, rating: review.rating },
    });

    // No table on the event: the table's next guests' pages have no business with it.
    uow.emit({
      type: 'review_left',
      data: {
        reviewId: review.id,
        tableId: table.id,
        tableNumber: table.number,
        sessionId: session.id,
        rating: review.rating,
        comment,
      },
    });
    return {
      id: review.id,
      rating: review.rating,
      comment,
      createdAt: review.createdAt.toISOString(),
    };
  });
}

/** The manager's view: the last 30 local days' average rating and count, and the latest reviews. */
export async function reviewSummary(db: Db, restaurantId: string): Promise<ReviewSummary> {
  const [restaurant] = await db
    .select({ timezone: restaurants.timezone })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');
  const since = sql`(${startOfLocal('day', restaurant.timezone)} - interval '${sql.raw(String(REVIEW_SUMMARY_DAYS - 1))} days')`;
  const window = and(eq(reviews.restaurantId, restaurantId), sql`${reviews.createdAt} >= ${since}`);
  const [[stats], latest] = await Promise.all([
    db
      .select({
        average: sql<string | null>`round(avg(${reviews.rating}), 1)`,
        count: sql<number>`count(*)::int`,
      })
      .from(reviews)
      .where(window),
    db
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        tableNumber: tables.number,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(tables, eq(reviews.tableId, tables.id))
      .where(window)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEW_LATEST_COUNT),
  ]);
  return {
    averageRating: stats?.average == null ? null : Number(stats.average),
    count: stats?.count ?? 0,
    latest: latest.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    timezone: restaurant.timezone,
  };
}
