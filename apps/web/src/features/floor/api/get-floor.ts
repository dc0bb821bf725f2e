import { type Floor } from '@tavola/contract';
import { floorRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRealtimeEvents } from '@/lib/realtime/provider';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';
import { applyFloorEvent, floorEventNeedsReload } from './live-floor';

export const floorKey = ['floor'] as const;

export const getFloor = (signal?: AbortSignal) => call(floorRoutes.getFloor, {}, { signal });

export const getFloorQueryOptions = () =>
  queryOptions({
    queryKey: floorKey,
    queryFn: ({ signal }) => getFloor(signal),
    // A missed event cannot leave the floor stale for long.
    refetchInterval: 30_000,
  });

/**
 * What changes a table's card: guests, requests, orders and their progress, claims, payments, a
 * table closed or handed to another waiter.
 */
export const FLOOR_EVENTS = [
  'table_activated',
  'call_waiter',
  'payment_requested',
  'order_placed',
  'order_updated',
  'order_ready',
  'table_updated',
  'payment_completed',
  'order_voided',
  'priority_changed',
  'table_closed',
  'table_reassigned',
  'bill_discounted',
] as const;

/**
 * The waiter's floor, following every change to its tables live: an event that says all of its
 * change (an order's progress or priority, an answered notification) is patched in; any other
 * reloads the floor.
 */
export function useFloor() {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (!(FLOOR_EVENTS as readonly string[]).includes(event.type) || floorEventNeedsReload(event))
      return;
    const floor = queryClient.getQueryData<Floor>(floorKey);
    const next = floor && applyFloorEvent(floor, event);
    if (next && next !== floor) queryClient.setQueryData<Floor>(floorKey, next);
  });
  useInvalidateOnEvents(floorKey, FLOOR_EVENTS, floorEventNeedsReload);
  return useQuery(getFloorQueryOptions());
}
