import type { GuestLocale } from '@tavola/contract';
import { menuRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Every language's menu of the table (invalidating it reloads the one shown). */
export const publicMenuKey = (token: string) => ['public', 'menu', token] as const;

export const getPublicMenu = (token: string, lang: GuestLocale, signal?: AbortSignal) =>
  call(menuRoutes.getPublicMenu, { query: { token, lang } }, { signal });

export const getPublicMenuQueryOptions = (token: string, lang: GuestLocale) =>
  queryOptions({
    queryKey: [...publicMenuKey(token), lang] as const,
    queryFn: ({ signal }) => getPublicMenu(token, lang, signal),
    // A failed load falls back to the demo menu at once instead of retrying for seconds.
    retry: false,
    staleTime: 30_000,
    // The other language's menu stays on screen until this one arrives.
    placeholderData: (previous) => previous,
  });

/** The table's menu, as the guest sees it, in the guest's language. */
export const usePublicMenu = (token: string, lang: GuestLocale) =>
  useQuery(getPublicMenuQueryOptions(token, lang));
