import { defineRouteContract } from '../common/route.js';
import {
  leaveReviewInputSchema,
  leftReviewResponseSchema,
  reviewSummaryResponseSchema,
} from './schemas.js';
const tags = ['Reviews'];

/** A guest reviews their visit; whoever reads the reports reads the reviews. */
export const reviewsRoutes = {
  leaveReview: defineRouteContract({
    method: 'POST',
    path: '/api/reviews/public',
    operationId: 'leaveReview',
    summary: 'Review the visit: a rating from 1 to 5 and a comment, once, after an order',
    tags,
    scope: 'guest',
    body: leaveReviewInputSchema,
    response: leftReviewResponseSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  getReviewSummary: defineRouteContract({
    method: 'GET',
    path: '/api/reviews',
    operationId: 'getReviewSummary',
    summary: "The last 30 days' average rating and count, and the latest reviews",
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    response: reviewSummaryResponseSchema,
    errors: [404],
  }),
};
