import { type MenuCategoryStationInput } from '@tavola/contract';
import { menuRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const setCategoryStation = (body: MenuCategoryStationInput) =>
  managerCall(menuRoutes.setMenuCategoryStation, { body });

export const useSetCategoryStation = () => useMenuMutation('category-station', setCategoryStation);
