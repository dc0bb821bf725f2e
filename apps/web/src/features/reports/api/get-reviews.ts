import { reviewsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const reviewsKey = ['reports', 'reviews'] as const;

export const getReviews = (signal?: AbortSignal) =>
  managerCall(reviewsRoutes.getReviewSummary, {}, { signal });

export const getReviewsQueryOptions = () =>
  queryOptions({ queryKey: reviewsKey, queryFn: ({ signal }) => getReviews(signal) });

/** Guests' reviews: the average, the count and the latest, following each new review live. */
export function useReviews() {
  useInvalidateOnEvents(reviewsKey, ['review_left']);
  return useQuery(getReviewsQueryOptions());
}
