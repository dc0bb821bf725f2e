import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { menuKey } from './get-menu';

/** Every menu write: keyed (so rows can show their own pending action) and refreshing the menu. */
export function useMenuMutation<TVariables, TResult>(
  name: string,
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...menuKey, name],
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: menuKey }),
  });
}

/** The ids of the menu items with a write under way (their rows are locked). */
export function usePendingMenuItemIds(): Set<string> {
  const ids = useMutationState({
    filters: { mutationKey: menuKey, status: 'pending' },
    select: (mutation) => (mutation.state.variables as { id?: unknown } | undefined)?.id,
  });
  return new Set(ids.filter((id): id is string => typeof id === 'string'));
}
