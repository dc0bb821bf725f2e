import type { ConnectStripeInput } from '@tavola/contract';
import { integrationsRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const stripeKey = ['integrations', 'stripe'] as const;

export const getStripeQueryOptions = () =>
  queryOptions({
    queryKey: stripeKey,
    queryFn: ({ signal }) => call(integrationsRoutes.getStripeConnection, {}, { signal }),
  });

export const useStripeConnection = () => useQuery(getStripeQueryOptions());

/** Connecting and disconnecting: each answers the connection as it now is (keys masked). */
export function useStripeActions() {
  const queryClient = useQueryClient();
  const onSuccess = (data: Awaited<ReturnType<typeof connect>>) =>
    queryClient.setQueryData(stripeKey, data);
  const connect = (body: ConnectStripeInput) => call(integrationsRoutes.connectStripe, { body });
  return {
    connect: useMutation({ mutationFn: connect, onSuccess }),
    disconnect: useMutation({
      mutationFn: () => call(integrationsRoutes.disconnectStripe, {}),
      onSuccess,
    }),
  };
}
