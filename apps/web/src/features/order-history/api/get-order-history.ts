import type { HistoryPage } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export interface HistoryFilter {
  /** YYYY-MM-DD, or '' for the default period. */
  from: string;
  to: string;
  page: number;
}

export const orderHistoryKey = ['order-history'] as const;

export const getOrderHistory = ({ from, to, page }: HistoryFilter, signal?: AbortSignal) => {
  const params = new URLSearchParams({ page: String(page), pageSize: '25' });
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return managerRequest<HistoryPage>(`/api/orders/history?${params.toString()}`, { signal });
};

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
  const params = new URLSearchParams({ format });
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return `/api/orders/history?${params.toString()}`;
}
