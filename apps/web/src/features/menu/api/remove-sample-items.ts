import { menuRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const removeSampleItems = () => managerCall(menuRoutes.removeMenuSamples);

export const useRemoveSampleItems = () => useMenuMutation('remove-samples', removeSampleItems);
