import { tabsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';
import { TAB_EVENTS, tabsKey } from './get-tabs';

/** Under the list's key: whatever refreshes the tabs refreshes each one too. */
export const tabKey = (id: string) => [...tabsKey, id] as const;

export const getTab = (id: string, signal?: AbortSignal) =>
  call(tabsRoutes.getTab, { params: { id } }, { signal });

export const getTabQueryOptions = (id: string) =>
  queryOptions({ queryKey: tabKey(id), queryFn: ({ signal }) => getTab(id, signal) });

/** One open tab with its bill, kept live. */
export function useTab(id: string) {
  useInvalidateOnEvents(tabsKey, TAB_EVENTS);
  return useQuery(getTabQueryOptions(id));
}
