import type { CreateWebhookInput, UpdateWebhookInput } from '@tavola/contract';
import { integrationsRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const webhooksKey = ['integrations', 'webhooks'] as const;

export const getWebhooksQueryOptions = () =>
  queryOptions({
    queryKey: webhooksKey,
    queryFn: ({ signal }) => call(integrationsRoutes.listWebhooks, {}, { signal }),
  });

export const useWebhooks = () => useQuery(getWebhooksQueryOptions());

export const getDeliveriesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...webhooksKey, id, 'deliveries'],
    queryFn: ({ signal }) =>
      call(
        integrationsRoutes.listWebhookDeliveries,
        { params: { id }, query: { limit: 50 } },
        { signal },
      ),
    // Retries happen on the server meanwhile: the log follows them.
    refetchInterval: 10_000,
  });

export const useDeliveries = (id: string) => useQuery(getDeliveriesQueryOptions(id));

/** Every change of an endpoint or its deliveries refreshes the list and the logs. */
export function useWebhookActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: webhooksKey });
  return {
    create: useMutation({
      mutationFn: (body: CreateWebhookInput) => call(integrationsRoutes.createWebhook, { body }),
      onSettled,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: string; body: UpdateWebhookInput }) =>
        call(integrationsRoutes.updateWebhook, { params: { id }, body }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => call(integrationsRoutes.deleteWebhook, { params: { id } }),
      onSettled,
    }),
    roll: useMutation({
      mutationFn: (id: string) =>
        call(integrationsRoutes.rollWebhookSecret, { params: { id }, body: {} }),
      onSettled,
    }),
    test: useMutation({
      mutationFn: (id: string) => call(integrationsRoutes.sendTestWebhook, { params: { id } }),
      onSettled,
    }),
    redeliver: useMutation({
      mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
        call(integrationsRoutes.redeliverWebhook, { params: { id, deliveryId } }),
      onSettled,
    }),
  };
}
