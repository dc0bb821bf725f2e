import { type OptionGroupPayload } from '@tavola/contract';
import { menuRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';
import { menuKey } from './get-menu';
import { useMenuMutation } from './menu-mutation';

export const getOptionGroups = (signal?: AbortSignal) =>
  managerCall(menuRoutes.listOptionGroups, {}, { signal });

export const getOptionGroupsQueryOptions = () =>
  queryOptions({
    queryKey: [...menuKey, 'option-groups'],
    queryFn: ({ signal }) => getOptionGroups(signal),
    retry: false,
  });

/** The restaurant's option groups, A to Z; they reload on a live menu_updated event. */
export function useOptionGroups() {
  useInvalidateOnEvents(menuKey, ['menu_updated']);
  return useQuery(getOptionGroupsQueryOptions());
}

export const useCreateOptionGroup = () =>
  useMenuMutation('create-option-group', (body: OptionGroupPayload) =>
    managerCall(menuRoutes.createOptionGroup, { body }),
  );

export const useUpdateOptionGroup = () =>
  useMenuMutation('update-option-group', ({ id, body }: { id: string; body: OptionGroupPayload }) =>
    managerCall(menuRoutes.updateOptionGroup, { params: { id }, body }),
  );

export const useDeleteOptionGroup = () =>
  useMenuMutation('delete-option-group', ({ id }: { id: string }) =>
    managerCall(menuRoutes.deleteOptionGroup, { params: { id } }),
  );

/** 86 an option (or bring it back): live on every guest page. */
export const useToggleOption = () =>
  useMenuMutation('toggle-option', ({ id, optionId }: { id: string; optionId: string }) =>
    managerCall(menuRoutes.toggleOption, { params: { id, optionId } }),
  );

/** An item's groups, in order (attach, detach and reorder in one). */
export const useSetItemOptionGroups = () =>
  useMenuMutation(
    'set-item-option-groups',
    ({ id, groupIds }: { id: string; groupIds: string[] }) =>
      managerCall(menuRoutes.setItemOptionGroups, { params: { id }, body: { groupIds } }),
  );
