import { reportsRoutes } from '@tavola/contract/refs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const staffPerformanceKey = ['reports', 'staff-performance'] as const;

export interface PerformanceRange {
  from: string;
  to: string;
}

export const getStaffPerformance = (range: PerformanceRange, signal?: AbortSignal) =>
  // Empty dates are left out (the server's default: 30 days).
  managerCall(
    reportsRoutes.getStaffPerformance,
    { query: { from: range.from || undefined, to: range.to || undefined } },
    { signal },
  );

export const getStaffPerformanceQueryOptions = (range: PerformanceRange) =>
  queryOptions({
    queryKey: [...staffPerformanceKey, range],
    queryFn: ({ signal }) => getStaffPerformance(range, signal),
    placeholderData: keepPreviousData,
  });

/** Staff performance for a range; follows orders, serving, tickets getting ready and voids. */
export function useStaffPerformance(range: PerformanceRange) {
  useInvalidateOnEvents(staffPerformanceKey, [
    'order_placed',
    'order_updated',
    'order_ready',
    'order_voided',
  ]);
  return useQuery(getStaffPerformanceQueryOptions(range));
}
