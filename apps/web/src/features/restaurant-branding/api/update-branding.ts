import type { BrandingInput, RestaurantBranding } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantBrandingKey } from '@/components/brand/staff-brand';
import { apiRequest } from '@/lib/api-client';

export const updateBranding = (body: BrandingInput) =>
  apiRequest<RestaurantBranding>('/api/restaurant/branding', { method: 'PUT', body });

/** Saves the restaurant's own brand; the header of every open staff screen follows. */
export function useUpdateBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    onSuccess: (saved) => queryClient.setQueryData(restaurantBrandingKey, saved),
  });
}
