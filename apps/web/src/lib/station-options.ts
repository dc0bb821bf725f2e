import { STATION_INFO, STATIONS, type Station } from '@tavola/contract';
import { stationsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export interface StationOption {
  slug: Station;
  name: string;
}

/** Kitchen and bar: every restaurant's, offered while the list loads or when it failed to. */
const BUILT_IN: StationOption[] = STATIONS.map((slug) => ({
  slug,
  name: STATION_INFO[slug].label,
}));

async function getStationOptions(signal: AbortSignal): Promise<StationOption[]> {
  try {
    const list = await call(stationsRoutes.listStations, {}, { signal });
    return list.filter((s) => s.active).map((s) => ({ slug: s.slug, name: s.name }));
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn('Failed to load stations', error);
    return BUILT_IN;
  }
}

/** The active stations a category or an item can be sent to (the same cache as the Stations section). */
export function useStationOptions() {
  useInvalidateOnEvents(['stations', 'options'], ['stations_updated']);
  const query = useQuery(
    queryOptions({
      queryKey: ['stations', 'options'],
      queryFn: ({ signal }) => getStationOptions(signal),
    }),
  );
  const options = query.data ?? BUILT_IN;
  const nameOf = (slug: Station) =>
    options.find((o) => o.slug === slug)?.name ?? slug.charAt(0).toUpperCase() + slug.slice(1);
  return { options, nameOf };
}
