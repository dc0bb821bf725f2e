import { menuRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

/** Everything cached about the menu (the list and its categories) sits under this key. */
export const menuKey = ['menu'] as const;

export const getMenu = (signal?: AbortSignal) =>
  managerCall(menuRoutes.listMenu, { query: { limit: 500 } }, { signal });

export const getMenuQueryOptions = () =>
  queryOptions({
    queryKey: [...menuKey, 'list'],
    queryFn: ({ signal }) => getMenu(signal),
    retry: false,
  });

/** The restaurant's menu; it reloads on a live menu_updated event. */
export function useMenu() {
  const options = getMenuQueryOptions();
  useInvalidateOnEvents(menuKey, ['menu_updated']);
  return useQuery(options);
}
