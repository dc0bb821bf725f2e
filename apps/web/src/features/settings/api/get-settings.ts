import type { RestaurantSettingsData } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const settingsKey = ['settings'] as const;

export const getSettings = (signal?: AbortSignal) =>
  apiRequest<RestaurantSettingsData>('/api/restaurant/settings', { signal });

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getSettingsQueryOptions(), enabled });
