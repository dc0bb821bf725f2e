import { tabsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const tabsKey = ['tabs'] as const;

export const getTabs = (signal?: AbortSignal) => call(tabsRoutes.listTabs, {}, { signal });

export const getTabsQueryOptions = () =>
  queryOptions({
    queryKey: tabsKey,
    queryFn: ({ signal }) => getTabs(signal),
    // A missed event cannot leave the list stale for long.
    refetchInterval: 30_000,
  });

/** What changes a tab: one opened or closed, its orders and their progress, a payment, a void. */
export const TAB_EVENTS = [
  'tab_opened',
  'tab_closed',
  'order_placed',
  'order_updated',
  'order_ready',
  'order_voided',
  'payment_completed',
  'table_closed',
  'bill_discounted',
] as const;

/** The open tabs (bar tabs, counter orders, takeaways), oldest first, kept live. */
export function useTabs() {
  useInvalidateOnEvents(tabsKey, TAB_EVENTS);
  return useQuery(getTabsQueryOptions());
}
