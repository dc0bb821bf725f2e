import { type MenuCategoryList } from '@tavola/contract';
import { menuRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { menuKey } from './get-menu';

export async function getMenuCategories(signal: AbortSignal): Promise<MenuCategoryList> {
  try {
    return await managerCall(menuRoutes.listMenuCategories, {}, { signal });
  } catch (error) {
    // A refetch replacing this one is not a failure; let the query library handle it.
    if (signal.aborted) throw error;
    // A category load failure is only logged.
    console.warn('Failed to load categories', error);
    return [];
  }
}

export const getMenuCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: [...menuKey, 'categories'],
    queryFn: ({ signal }) => getMenuCategories(signal),
  });

export const useMenuCategories = () => useQuery(getMenuCategoriesQueryOptions());
