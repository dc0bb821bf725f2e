import { reportsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const analyticsKey = ['reports', 'analytics'] as const;

export const getAnalytics = (signal?: AbortSignal) =>
  managerCall(reportsRoutes.getAnalytics, {}, { signal });

export const getAnalyticsQueryOptions = () =>
  queryOptions({ queryKey: analyticsKey, queryFn: ({ signal }) => getAnalytics(signal) });

/** Revenue, best sellers and time to ready follow orders, ticket moves, voids and payments. */
export function useAnalytics() {
  useInvalidateOnEvents(analyticsKey, [
    'order_placed',
    'order_updated',
    'order_ready',
    'order_voided',
    'payment_completed',
  ]);
  return useQuery(getAnalyticsQueryOptions());
}
