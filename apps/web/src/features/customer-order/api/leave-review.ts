import { reviewsRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';

export interface ReviewBody {
  token: string;
  /** The visit reviewed (the page's session); the table's open one when absent. */
  sessionId?: string;
  rating: number;
  comment?: string;
}

/** Reviews the visit (a plain call, like the page's other requests: no mutation hook). */
export const leaveReview = (body: ReviewBody) => call(reviewsRoutes.leaveReview, { body });
