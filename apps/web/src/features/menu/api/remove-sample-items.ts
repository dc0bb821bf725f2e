import { managerRequest } from '@/lib/api-client';
import { useMenuMutation } from './menu-mutation';

export const removeSampleItems = () =>
  managerRequest<{ removed: number }>('/api/menu/samples', { method: 'DELETE' });

export const useRemoveSampleItems = () => useMenuMutation('remove-samples', removeSampleItems);
