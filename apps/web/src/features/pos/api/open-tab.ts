import { type OpenTabInput } from '@tavola/contract';
import { tabsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tabKey } from './get-tab';
import { tabsKey } from './get-tabs';

export const openTab = (body: OpenTabInput) => call(tabsRoutes.openTab, { body });

/** Opens a bar tab, a counter order or a takeaway; the list of tabs follows. */
export function useOpenTab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openTab,
    onSuccess: (tab) => {
      // Its order screen opens next: it has the tab at once, without asking again.
      queryClient.setQueryData(tabKey(tab.id), tab);
      return queryClient.invalidateQueries({ queryKey: tabsKey, exact: true });
    },
  });
}
