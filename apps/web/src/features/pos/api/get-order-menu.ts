import { menuRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const orderMenuKey = ['order-menu'] as const;

export const getOrderMenu = (signal?: AbortSignal) => call(menuRoutes.getOrderMenu, {}, { signal });

export const getOrderMenuQueryOptions = () =>
  queryOptions({
    queryKey: orderMenuKey,
    queryFn: ({ signal }) => getOrderMenu(signal),
    // The menu changes seldom and says so by event; a busy floor does not wait for it again.
    staleTime: 5 * 60_000,
  });

/** The menu to ring up from, an item made unavailable greyed out the moment it is. */
export function useOrderMenu() {
  useInvalidateOnEvents(orderMenuKey, ['menu_updated']);
  return useQuery(getOrderMenuQueryOptions());
}
