import { type Branding } from '@tavola/contract';
import { restaurantAccountRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth';
import { useRealtimeEvents } from '@/lib/realtime/provider';
import { usePublicPlatform } from './platform-status';

export const restaurantBrandingKey = ['restaurant', 'branding'] as const;

export const getRestaurantBranding = (signal?: AbortSignal) =>
  call(restaurantAccountRoutes.getRestaurantBranding, {}, { signal });

export const getRestaurantBrandingQueryOptions = () =>
  queryOptions({
    queryKey: restaurantBrandingKey,
    queryFn: ({ signal }) => getRestaurantBranding(signal),
    staleTime: 60_000,
  });

/**
 * The brand a staff screen shows: its restaurant's (its own on a white-label plan, else the
 * platform's), read again when the restaurant changes it; the platform's for the team.
 */
export function useStaffBrand(): Branding {
  const session = useSession();
  const restaurantAccount = Boolean(session?.user.restaurant_id);
  const queryClient = useQueryClient();
  const restaurant = useQuery({
    ...getRestaurantBrandingQueryOptions(),
    enabled: restaurantAccount,
  });
  const platform = usePublicPlatform();
  useRealtimeEvents((event) => {
    if (event.type === 'menu_updated' && event.data.action === 'branding') {
      void queryClient.invalidateQueries({ queryKey: restaurantBrandingKey });
    }
  });
  if (restaurantAccount) return restaurant.data?.effective ?? {};
  return platform.data?.brand ?? {};
}
