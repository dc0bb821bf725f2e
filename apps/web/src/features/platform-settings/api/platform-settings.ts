import { type PlatformSettingsUpdate } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { publicPlatformKey } from '@/components/brand/platform-status';
import { platformSettingsKey } from '@/components/realtime/team-notifications';

export const getPlatformSettings = (signal?: AbortSignal) =>
  call(platformRoutes.getPlatformSettings, {}, { signal });

export const getPlatformSettingsQueryOptions = () =>
  queryOptions({
    queryKey: platformSettingsKey,
    queryFn: ({ signal }) => getPlatformSettings(signal),
  });

export const usePlatformSettings = () => useQuery(getPlatformSettingsQueryOptions());

export const updatePlatformSettings = (body: PlatformSettingsUpdate) =>
  call(platformRoutes.updatePlatformSettings, { body });

/** Saves the platform's settings; the brand and maintenance state every page reads follow. */
export function useUpdatePlatformSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlatformSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(platformSettingsKey, saved);
      void queryClient.invalidateQueries({ queryKey: publicPlatformKey });
    },
  });
}
