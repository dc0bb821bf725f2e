import { staffRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const staffKey = ['staff'] as const;

export const getStaff = (signal?: AbortSignal) =>
  managerCall(staffRoutes.listStaff, {}, { signal });

export const getStaffQueryOptions = () =>
  queryOptions({ queryKey: [...staffKey, 'list'], queryFn: ({ signal }) => getStaff(signal) });

/**
 * The staff accounts (another manager's or admin's changes included), each waiter's count of
 * tables following claims, closes and hand-overs.
 */
export function useStaff() {
  useInvalidateOnEvents(staffKey, [
    'staff_updated',
    'table_updated',
    'table_reassigned',
    'table_closed',
    'payment_completed',
  ]);
  return useQuery(getStaffQueryOptions());
}
