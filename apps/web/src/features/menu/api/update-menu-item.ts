import { type MenuItemPayload } from '@tavola/contract';
import { menuRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

/** A full edit, or only the special flag (the star). */
export const updateMenuItem = ({
  id,
  body,
}: {
  id: string;
  body: MenuItemPayload | { special: boolean };
}) => managerCall(menuRoutes.updateMenuItem, { params: { id }, body });

export const useUpdateMenuItem = () => useMenuMutation('update', updateMenuItem);
