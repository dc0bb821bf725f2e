import type { ManagerMenuItem, MenuItemPayload } from '@tavola/contract';
import { managerRequest } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

/** A full edit, or only the special flag (the star). */
export const updateMenuItem = ({
  id,
  body,
}: {
  id: string;
  body: MenuItemPayload | { special: boolean };
}) => managerRequest<ManagerMenuItem>(`/api/menu/${id}`, { method: 'PUT', body });

export const useUpdateMenuItem = () => useMenuMutation('update', updateMenuItem);
