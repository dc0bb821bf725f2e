import { reportsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall, routeUrl } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export interface HistoryFilter {
  /** YYYY-MM-DD, or '' for the default period. */
  from: string;
  to: string;
  page: number;
}

export const orderHistoryKey = ['order-history'] as const;

export const getOrderHistory = ({ from, to, page }: HistoryFilter, signal?: AbortSignal) =>
  managerCall(
    reportsRoutes.getOrderHistory,
    { query: { page, pageSize: 25, from: from || undefined, to: to || undefined } },
    { signal },
  );

export const getOrderHistoryQueryOptions = (filter: HistoryFilter) =>
  queryOptions({
    queryKey: [...orderHistoryKey, filter],
    queryFn: ({ signal }) => getOrderHistory(filter, signal),
    retry: false,
  });

/**
 * A page of order history. Rows change with orders, their tickets (status), voids (total),
 * payments (paid) and the table's waiter, so each of those events refreshes it.
 */
export function useOrderHistory(filter: HistoryFilter) {
  useInvalidateOnEvents(orderHistoryKey, [
    'order_placed',
    'order_updated',
    'order_ready',
    'order_voided',
    'kitchen_ticket_updated',
    'bar_ticket_updated',
    'payment_completed',
    'table_updated',
  ]);
  return useQuery(getOrderHistoryQueryOptions(filter));
}

/** The same period as a CSV or PDF file. */
export function historyExportPath(
  { from, to }: Omit<HistoryFilter, 'page'>,
  format: 'csv' | 'pdf',
) {
  return routeUrl(reportsRoutes.getOrderHistory, {
    query: { format, from: from || undefined, to: to || undefined },
  });
}
