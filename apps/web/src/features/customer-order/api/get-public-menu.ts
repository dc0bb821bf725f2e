import type { PublicMenu } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const enc = encodeURIComponent;

export const publicMenuKey = (token: string) => ['public', 'menu', token] as const;

export const getPublicMenu = (token: string, signal?: AbortSignal) =>
  apiRequest<PublicMenu>(`/api/menu/public?token=${enc(token)}`, { auth: false, signal });

export const getPublicMenuQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicMenuKey(token),
    queryFn: ({ signal }) => getPublicMenu(token, signal),
    // A failed load falls back to the demo menu at once (spec §8) instead of retrying for seconds.
    retry: false,
    staleTime: 30_000,
  });

/** The table's menu, as the guest sees it. */
export const usePublicMenu = (token: string) => useQuery(getPublicMenuQueryOptions(token));
