import type { ManagerMenuItem } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const toggleMenuItem = ({ id }: { id: string }) =>
  managerRequest<ManagerMenuItem>(`/api/menu/${id}/toggle`, { method: 'PUT' });

export const useToggleMenuItem = () => useMenuMutation('toggle', toggleMenuItem);
