import { setupRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const setupChecklistKey = ['admin', 'setup-checklist'] as const;

export const getSetupChecklist = (signal?: AbortSignal) =>
  managerCall(setupRoutes.getSetupChecklist, {}, { signal });

export const getSetupChecklistQueryOptions = () =>
  queryOptions({
    queryKey: setupChecklistKey,
    queryFn: ({ signal }) => getSetupChecklist(signal),
  });

/**
 * The owner's setup checklist, live: every change the admin is told of (an audited change: a menu
 * item, a table, a QR download, an account, the settings) or a guest's order reads it again.
 */
export function useSetupChecklist() {
  useInvalidateOnEvents(setupChecklistKey, ['audit_logged', 'order_placed', 'menu_updated']);
  return useQuery(getSetupChecklistQueryOptions());
}

export const dismissSetupChecklist = () => managerCall(setupRoutes.dismissSetupChecklist);

export function useDismissSetupChecklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissSetupChecklist,
    onSuccess: (checklist) => queryClient.setQueryData(setupChecklistKey, checklist),
  });
}
