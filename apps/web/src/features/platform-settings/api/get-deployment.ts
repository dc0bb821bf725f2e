import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const getDeployment = (signal?: AbortSignal) =>
  call(platformRoutes.getDeployment, {}, { signal });

/** What the deployment has now (read again every 15 s: instances come and go). */
export const getDeploymentQueryOptions = () =>
  queryOptions({
    queryKey: ['platform-deployment'],
    queryFn: ({ signal }) => getDeployment(signal),
    refetchInterval: 15_000,
  });

export const useDeployment = () => useQuery(getDeploymentQueryOptions());
