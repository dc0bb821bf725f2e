import { tabsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tabsKey } from './get-tabs';

/** Closes a tab with nothing left to pay (opened by mistake, or its orders voided). */
export const closeTab = (tabId: string) => call(tabsRoutes.closeTab, { params: { id: tabId } });

export function useCloseTab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeTab,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tabsKey }),
  });
}
