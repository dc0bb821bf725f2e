import { menuRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const publicMenuKey = (token: string) => ['public', 'menu', token] as const;

export const getPublicMenu = (token: string, signal?: AbortSignal) =>
  call(menuRoutes.getPublicMenu, { query: { token } }, { signal });

export const getPublicMenuQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicMenuKey(token),
    queryFn: ({ signal }) => getPublicMenu(token, signal),
    // A failed load falls back to the demo menu at once instead of retrying for seconds.
    retry: false,
    staleTime: 30_000,
  });

/** The table's menu, as the guest sees it. */
export const usePublicMenu = (token: string) => useQuery(getPublicMenuQueryOptions(token));
