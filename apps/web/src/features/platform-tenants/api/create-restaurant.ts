import { type RestaurantCreateInput } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformKey } from './platform-key';

export const createRestaurant = (body: RestaurantCreateInput) =>
  call(platformRoutes.createRestaurant, { body });

/** Onboards a restaurant with its first admin; the console's lists and counts refresh. */
export function useCreateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKey }),
  });
}
