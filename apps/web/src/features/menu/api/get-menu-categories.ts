import type { MenuCategoryList } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { menuKey } from './get-menu';

export async function getMenuCategories(signal: AbortSignal): Promise<MenuCategoryList> {
  try {
    return await managerRequest<MenuCategoryList>('/api/menu/categories', { signal });
  } catch (error) {
    // A refetch replacing this one is not a failure; let the query library handle it.
    if (signal.aborted) throw error;
    // Spec §8: a category load failure is only logged.
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
