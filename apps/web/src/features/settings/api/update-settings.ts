import { type RestaurantSettings } from '@tavola/contract';
import { settingsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { refreshProfile } from '@/lib/auth';

export const updateSettings = ({ body }: { body: RestaurantSettings }) =>
  call(settingsRoutes.updateRestaurantSettings, { body });

/**
 * Saving settings changes what other screens show (currency, timezone, table codes' address): the
 * whole cache is refreshed, not only the settings, and so is the signed-in user, whose restaurant
 * carries the time zone the screens' clocks show.
 */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: () => Promise.all([queryClient.invalidateQueries(), refreshProfile()]),
  });
}
