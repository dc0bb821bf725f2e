import type { MenuCategory, MenuCategoryStationInput } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const setCategoryStation = (body: MenuCategoryStationInput) =>
  managerRequest<MenuCategory>('/api/menu/categories', { method: 'PUT', body });

export const useSetCategoryStation = () => useMenuMutation('category-station', setCategoryStation);
