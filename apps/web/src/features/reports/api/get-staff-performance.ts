import type { StaffPerformance } from '@tavola/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const staffPerformanceKey = ['reports', 'staff-performance'] as const;

export interface PerformanceRange {
  from: string;
  to: string;
}

/** The query string of a range; empty dates are left out (the server's default: 30 days). */
export const performancePath = ({ from, to }: PerformanceRange) => {
  const query = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
  const text = query.toString();
  return `/api/reports/staff-performance${text ? `?${text}` : ''}`;
};

export const getStaffPerformance = (range: PerformanceRange, signal?: AbortSignal) =>
  managerRequest<StaffPerformance>(performancePath(range), { signal });

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
