import { reportsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const systemOverviewKey = ['admin', 'system-overview'] as const;

export const getSystemOverview = (signal?: AbortSignal) =>
  managerCall(reportsRoutes.getSystemOverview, {}, { signal });

export const getSystemOverviewQueryOptions = () =>
  queryOptions({
    queryKey: systemOverviewKey,
    queryFn: ({ signal }) => getSystemOverview(signal),
    // Uptime, response times and live screens move without events: measured again every 30 s.
    refetchInterval: 30_000,
  });

/** The admin's overview: orders follow as they are placed or voided; the rest every 30 s. */
export function useSystemOverview() {
  useInvalidateOnEvents(systemOverviewKey, ['order_placed', 'order_voided']);
  return useQuery(getSystemOverviewQueryOptions());
}
