import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformKey } from './platform-key';

export const getRestaurantUsage = (id: string, signal?: AbortSignal) =>
  call(platformRoutes.getRestaurantUsage, { params: { id } }, { signal });

/** One restaurant's cost to the platform; uptime and response times move without events. */
export const getRestaurantUsageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...platformKey, 'usage', id],
    queryFn: ({ signal }) => getRestaurantUsage(id, signal),
    refetchInterval: 30_000,
  });

export const useRestaurantUsage = (id: string | null) =>
  useQuery({ ...getRestaurantUsageQueryOptions(id ?? ''), enabled: id !== null });
