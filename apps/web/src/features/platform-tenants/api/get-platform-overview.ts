import type { PlatformOverview } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { platformKey } from './platform-key';

export const getPlatformOverview = (signal?: AbortSignal) =>
  apiRequest<PlatformOverview>('/api/platform/overview', { signal });

export const getPlatformOverviewQueryOptions = () =>
  queryOptions({
    queryKey: [...platformKey, 'overview'],
    queryFn: ({ signal }) => getPlatformOverview(signal),
  });

export const usePlatformOverview = () => useQuery(getPlatformOverviewQueryOptions());
