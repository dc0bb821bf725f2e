import { type Station, type TicketList } from '@tavola/contract';
import { ticketsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useRealtimeEvents } from '@/lib/realtime/provider';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';
import { applyStationEvent } from './live-tickets';

export const ticketsKey = (station: Station) => ['tickets', station] as const;

export const getTickets = (station: Station, signal?: AbortSignal) =>
  call(ticketsRoutes.listTickets, { query: { station } }, { signal });

export const getTicketsQueryOptions = (station: Station) =>
  queryOptions({
    queryKey: ticketsKey(station),
    queryFn: ({ signal }) => getTickets(station, signal),
    // A wall screen must not go stale even if an event is missed: refetch every 30 s too.
    refetchInterval: 30_000,
  });

/** A station's board, patched from each live event the moment it arrives. */
export function useTickets(station: Station) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    const key = ticketsKey(station);
    const board = queryClient.getQueryData<TicketList>(key);
    const next = board && applyStationEvent(board, event, station);
    if (next) queryClient.setQueryData<TicketList>(key, next);
  });
  // The cards name each line's course: a manager renaming one is read again.
  useInvalidateOnEvents(ticketsKey(station), ['courses_updated']);
  return useQuery(getTicketsQueryOptions(station));
}
