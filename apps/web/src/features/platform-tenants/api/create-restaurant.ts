import type { RestaurantCreateInput, Tenant } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { platformKey } from './platform-key';

export const createRestaurant = (body: RestaurantCreateInput) =>
  apiRequest<{ restaurant: Tenant; adminUsername: string }>('/api/platform/restaurants', {
    method: 'POST',
    body,
  });

/** Onboards a restaurant with its first admin; the console's lists and counts refresh. */
export function useCreateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKey }),
  });
}
