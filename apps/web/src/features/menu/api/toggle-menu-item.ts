import { menuRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const toggleMenuItem = ({ id }: { id: string }) =>
  managerCall(menuRoutes.toggleMenuItem, { params: { id } });

export const useToggleMenuItem = () => useMenuMutation('toggle', toggleMenuItem);
