import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformKey } from './platform-key';

export const getPlatformOverview = (signal?: AbortSignal) =>
  call(platformRoutes.getPlatformOverview, {}, { signal });

export const getPlatformOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...platformKey, 'overview'],
    queryFn: ({ signal }) => getPlatformOverview(signal),
  });

export const usePlatformOverview = () => useQuery(getPlatformOverviewQueryOptions());
