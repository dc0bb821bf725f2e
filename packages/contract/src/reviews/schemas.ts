import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { multiLine } from '../common/text.js';
import { tableTokenSchema } from '../tables/schemas.js';
import { REVIEW_COMMENT_MAX } from './rules.js';

const ratingError = 'rating must be a whole number from 1 to 5';

/** POST /api/reviews/public. */
export const leaveReviewInputSchema = z.object({
  token: tableTokenSchema,
  /**
   * The visit reviewed: the session the guest's page belongs to (a party that has just paid
   * reviews the visit it paid for). Without it, the table's open session.
   */
  sessionId: z.uuid({ error: 'sessionId must be a valid identifier' }).optional(),
  rating: z.number({ error: ratingError }).int(ratingError).min(1, ratingError).max(5, ratingError),
  comment: z
    .string({ error: 'comment must be text' })
    .trim()
    .max(REVIEW_COMMENT_MAX, `comment must be at most ${REVIEW_COMMENT_MAX} characters`)
    .check(multiLine('comment'))
    .optional(),
});

export type LeaveReviewInput = z.infer<typeof leaveReviewInputSchema>;

/** What a guest's review answers with. */
export const leftReviewSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  createdAt: z.string(),
});

export type LeftReview = z.infer<typeof leftReviewSchema>;

export const leftReviewResponseSchema = successResponseSchema(leftReviewSchema);

/** One review as the manager sees it: with its table and time. */
export const reviewRowSchema = z.object({
  id: z.string(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  tableNumber: z.number().int(),
  createdAt: z.string(),
});

export type ReviewRow = z.infer<typeof reviewRowSchema>;

/** GET /api/reviews: the last 30 days of reviews, their average and the latest ones. */
export const reviewSummarySchema = z.object({
  /** The average rating to one decimal, null with no reviews. */
  averageRating: z.number().nullable(),
  count: z.number().int(),
  /** The latest reviews, newest first. */
  latest: z.array(reviewRowSchema),
  /** The restaurant's time zone: the times are shown as the restaurant lives them. */
  timezone: z.string(),
});

export type ReviewSummary = z.infer<typeof reviewSummarySchema>;

export const reviewSummaryResponseSchema = successResponseSchema(reviewSummarySchema);
