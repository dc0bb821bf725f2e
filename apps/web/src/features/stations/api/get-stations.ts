import { stationsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

/** The restaurant's stations, as every screen that names them caches them. */
export const stationsKey = ['stations'] as const;

export const getStations = (signal?: AbortSignal) =>
  call(stationsRoutes.listStations, {}, { signal });

export const getStationsQueryOptions = () =>
  queryOptions({ queryKey: stationsKey, queryFn: ({ signal }) => getStations(signal) });

/** The stations; they reload when one is added, changed or deactivated. */
export function useStations() {
  useInvalidateOnEvents(stationsKey, ['stations_updated']);
  return useQuery(getStationsQueryOptions());
}
