import { type BrandingInput } from '@tavola/contract';
import { restaurantAccountRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantBrandingKey } from '@/components/brand/staff-brand';
import { call } from '@/lib/api-client';

export const updateBranding = (body: BrandingInput) =>
  call(restaurantAccountRoutes.updateRestaurantBranding, { body });

/** Saves the restaurant's own brand; the header of every open staff screen follows. */
export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    onSuccess: (saved) => queryClient.setQueryData(restaurantBrandingKey, saved),
  });
}
