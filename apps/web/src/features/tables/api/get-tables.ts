import { tablesRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const tablesKey = ['tables'] as const;

export const getTables = (signal?: AbortSignal) =>
  managerCall(tablesRoutes.listTables, {}, { signal });

export const getTablesQueryOptions = () =>
  queryOptions({ queryKey: [...tablesKey, 'list'], queryFn: ({ signal }) => getTables(signal) });

/**
 * The restaurant's tables, their status following guests, waiters and payments live, and their
 * unpaid orders following orders and voids.
 */
export function useTables() {
  useInvalidateOnEvents(tablesKey, [
    'table_activated',
    'table_updated',
    'call_waiter',
    'payment_requested',
    'payment_completed',
    'order_placed',
    'order_voided',
    'table_closed',
    'table_reassigned',
  ]);
  return useQuery(getTablesQueryOptions());
}
