import type { Floor } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const floorKey = ['floor'] as const;

export const getFloor = (signal?: AbortSignal) =>
  apiRequest<Floor>('/api/tables/floor', { signal });

export const getFloorQueryOptions = () =>
  queryOptions({
    queryKey: floorKey,
    queryFn: ({ signal }) => getFloor(signal),
    // A missed event cannot leave the floor stale for long.
    refetchInterval: 30_000,
  });

/** What changes a table's card: guests, requests, orders and their progress, claims, payments. */
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
] as const;

/** The waiter's floor, following every change to its tables live. */
export function useFloor() {
  useInvalidateOnEvents(floorKey, FLOOR_EVENTS);
  return useQuery(getFloorQueryOptions());
}
