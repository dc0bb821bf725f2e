import { menuRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const deleteMenuItem = ({ id }: { id: string }) =>
  managerCall(menuRoutes.deleteMenuItem, { params: { id } });

export const useDeleteMenuItem = () => useMenuMutation('delete', deleteMenuItem);
