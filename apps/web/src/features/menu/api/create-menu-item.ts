import { type MenuItemPayload } from '@tavola/contract';
import { menuRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const createMenuItem = ({ body }: { body: MenuItemPayload }) =>
  managerCall(menuRoutes.createMenuItem, { body });

export const useCreateMenuItem = () => useMenuMutation('create', createMenuItem);
