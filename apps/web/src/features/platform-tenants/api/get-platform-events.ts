import { type PlatformEvent } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformKey } from './platform-key';

/** The latest platform events, newest first (the Overview's recent activity). */
export const getPlatformEvents = (limit: number, signal?: AbortSignal) =>
  // The list's schema keeps each event's data as a plain record; the server stores every event
  // with its type's own data (PlatformEventInput), which the activity lines read.
  call(platformRoutes.listPlatformEvents, { query: { limit } }, { signal }) as Promise<
    PlatformEvent[]
  >;

export const getPlatformEventsQueryOptions = (limit = 10) =>
  queryOptions({
    queryKey: [...platformKey, 'events', limit],
    queryFn: ({ signal }) => getPlatformEvents(limit, signal),
  });

export const usePlatformEvents = (limit = 10) => useQuery(getPlatformEventsQueryOptions(limit));
