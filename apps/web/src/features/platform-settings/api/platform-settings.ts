import type { PlatformSettings, PlatformSettingsUpdate } from '@tavola/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { publicPlatformKey } from '@/components/brand/platform-status';
import { platformSettingsKey } from '@/components/realtime/team-notifications';

export const getPlatformSettings = (signal?: AbortSignal) =>
  apiRequest<PlatformSettings>('/api/platform/settings', { signal });

export const getPlatformSettingsQueryOptions = () =>
  queryOptions({
    queryKey: platformSettingsKey,
    queryFn: ({ signal }) => getPlatformSettings(signal),
  });

export const usePlatformSettings = () => useQuery(getPlatformSettingsQueryOptions());

export const updatePlatformSettings = (body: PlatformSettingsUpdate) =>
  apiRequest<PlatformSettings>('/api/platform/settings', { method: 'PUT', body });

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
