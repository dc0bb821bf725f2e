import type { ManagerMenuItem } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

/** Everything cached about the menu (the list and its categories) sits under this key. */
export const menuKey = ['menu'] as const;

export const getMenu = (signal?: AbortSignal) =>
  managerRequest<ManagerMenuItem[]>('/api/menu?limit=500', { signal });

export const getMenuQueryOptions = () =>
  queryOptions({
    queryKey: [...menuKey, 'list'],
    queryFn: ({ signal }) => getMenu(signal),
    retry: false,
  });

/** The restaurant's menu; spec §5: it reloads on a live menu_updated event. */
export function useMenu() {
  const options = getMenuQueryOptions();
  useInvalidateOnEvents(menuKey, ['menu_updated']);
  return useQuery(options);
}
