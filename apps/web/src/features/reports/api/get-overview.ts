import { reportsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const overviewKey = ['reports', 'overview'] as const;

export const getOverview = (signal?: AbortSignal) =>
  managerCall(reportsRoutes.getOverview, {}, { signal });

export const getOverviewQueryOptions = () =>
  queryOptions({
    queryKey: overviewKey,
    queryFn: ({ signal }) => getOverview(signal),
    // Active staff changes without an event (sign-ins): a slow refresh keeps it honest.
    refetchInterval: 60_000,
  });

/** Today's cards: revenue and orders follow orders, voids and payments; utilization the tables. */
export function useOverview() {
  useInvalidateOnEvents(overviewKey, [
    'order_placed',
    'order_voided',
    'payment_completed',
    'table_activated',
    'table_updated',
    // A table freed without a payment (idle, or closed by staff) leaves the seated count.
    'table_closed',
  ]);
  return useQuery(getOverviewQueryOptions());
}
