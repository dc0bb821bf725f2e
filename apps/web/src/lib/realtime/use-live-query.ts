import type { EventType } from '@tavola/contract';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { LiveEvent } from './events';
import { useRealtimeEvents } from './provider';

/** Events arriving this close together (one order is several) cost one refetch. */
const COALESCE_MS = 100;

/**
 * Keeps cached server data live: when one of `types` arrives, the queries under `queryKey` are
 * invalidated (refetched if on screen, marked stale otherwise). `when` narrows it to the events
 * that concern this data.
 */
export function useInvalidateOnEvents(
  queryKey: QueryKey,
  types: readonly EventType[],
  when?: (event: LiveEvent) => boolean,
): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef({ queryKey, types, when });
  latest.current = { queryKey, types, when };

  useRealtimeEvents((event) => {
    const { types: wanted, when: filter } = latest.current;
    if (!wanted.includes(event.type) || (filter && !filter(event)) || timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void queryClient.invalidateQueries({ queryKey: latest.current.queryKey });
    }, COALESCE_MS);
  });

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
}
