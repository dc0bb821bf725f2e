import { settingsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const settingsKey = ['settings'] as const;

export const getSettings = (signal?: AbortSignal) =>
  call(settingsRoutes.getRestaurantSettings, {}, { signal });

export const getSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => getSettings(signal) });

export const useSettings = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getSettingsQueryOptions(), enabled });
