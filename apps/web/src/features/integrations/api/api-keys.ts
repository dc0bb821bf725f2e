import type { CreateApiKeyInput } from '@tavola/contract';
import { integrationsRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const apiKeysKey = ['integrations', 'api-keys'] as const;

export const getApiKeysQueryOptions = () =>
  queryOptions({
    queryKey: apiKeysKey,
    queryFn: ({ signal }) => call(integrationsRoutes.listApiKeys, {}, { signal }),
  });

export const useApiKeys = () => useQuery(getApiKeysQueryOptions());

/** Creating, revoking and rolling a key: each refreshes the list. */
export function useApiKeyActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: apiKeysKey });
  return {
    create: useMutation({
      mutationFn: (body: CreateApiKeyInput) => call(integrationsRoutes.createApiKey, { body }),
      onSettled,
    }),
    revoke: useMutation({
      mutationFn: (id: string) => call(integrationsRoutes.revokeApiKey, { params: { id } }),
      onSettled,
    }),
    roll: useMutation({
      mutationFn: (id: string) => call(integrationsRoutes.rollApiKey, { params: { id } }),
      onSettled,
    }),
  };
}
