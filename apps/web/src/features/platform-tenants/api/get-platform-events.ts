import type { PlatformEvent } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { platformKey } from './platform-key';

/** The latest platform events, newest first (the Overview's recent activity). */
export const getPlatformEvents = (limit: number, signal?: AbortSignal) =>
  apiRequest<PlatformEvent[]>(`/api/platform/events?limit=${limit}`, { signal });

export const getPlatformEventsQueryOptions = (limit = 10) =>
  queryOptions({
    queryKey: [...platformKey, 'events', limit],
    queryFn: ({ signal }) => getPlatformEvents(limit, signal),
  });

export const usePlatformEvents = (limit = 10) => useQuery(getPlatformEventsQueryOptions(limit));
