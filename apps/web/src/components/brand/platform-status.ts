import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const publicPlatformKey = ['public', 'platform'] as const;

export const getPublicPlatform = (signal?: AbortSignal) =>
  call(platformRoutes.getPublicPlatform, {}, { signal });

/**
 * The platform's brand and maintenance state (public). Read again every 30 s, so maintenance
 * mode switched on by the team reaches every open staff screen without a reload.
 */
export const getPublicPlatformQueryOptions = () =>
  queryOptions({
    queryKey: publicPlatformKey,
    queryFn: ({ signal }) => getPublicPlatform(signal),
    staleTime: 15_000,
    refetchInterval: 30_000,
    retry: false,
  });

export const usePublicPlatform = () => useQuery(getPublicPlatformQueryOptions());
