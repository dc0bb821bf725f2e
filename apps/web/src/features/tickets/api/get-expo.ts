import { type EventType } from '@tavola/contract';
import { ticketsRoutes } from '@tavola/contract/refs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const expoKey = ['expo'] as const;

/** Every change of a ticket or an order moves the expo's display. */
const EXPO_EVENTS: EventType[] = [
  'kitchen_order',
  'bar_order',
  'station_order',
  'kitchen_ticket_updated',
  'bar_ticket_updated',
  'station_ticket_updated',
  'order_updated',
  'order_ready',
  'order_voided',
  'priority_changed',
  'course_fired',
];

export const getExpoQueryOptions = () =>
  queryOptions({
    queryKey: expoKey,
    queryFn: ({ signal }) => call(ticketsRoutes.listExpo, {}, { signal }),
    // The events a role hears do not cover every station's (a cook does not hear the bar's):
    // the pass refreshes itself too.
    refetchInterval: 10_000,
  });

export function useExpo() {
  useInvalidateOnEvents(expoKey, EXPO_EVENTS);
  return useQuery(getExpoQueryOptions());
}

export function useBumpExpoOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (orderId: string) => call(ticketsRoutes.bumpExpoOrder, { params: { id: orderId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: expoKey }),
  });
}
