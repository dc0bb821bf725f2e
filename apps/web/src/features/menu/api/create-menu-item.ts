import type { ManagerMenuItem, MenuItemPayload } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const createMenuItem = ({ body }: { body: MenuItemPayload }) =>
  managerRequest<ManagerMenuItem>('/api/menu', { method: 'POST', body });

export const useCreateMenuItem = () => useMenuMutation('create', createMenuItem);
