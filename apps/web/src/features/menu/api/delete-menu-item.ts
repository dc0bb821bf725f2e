import { managerRequest } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const deleteMenuItem = ({ id }: { id: string }) =>
  managerRequest<{ deleted: true }>(`/api/menu/${id}`, { method: 'DELETE' });

export const useDeleteMenuItem = () => useMenuMutation('delete', deleteMenuItem);
