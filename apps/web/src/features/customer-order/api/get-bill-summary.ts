import { SUMMARY_POLL_MS } from '@tavola/contract';
import { diningSessionsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** Everything cached about a table's bill sits under this key (whatever the session). */
export const billSummaryKey = (token: string) => ['public', 'summary', token] as const;

export const getBillSummary = (token: string, sessionId: string | null, signal?: AbortSignal) =>
  call(
    diningSessionsRoutes.getSessionSummary,
    { query: { token, sessionId: sessionId ?? undefined } },
    { signal },
  );

export const getBillSummaryQueryOptions = (token: string, sessionId: string | null) =>
  queryOptions({
    queryKey: [...billSummaryKey(token), sessionId] as const,
    queryFn: ({ signal }) => getBillSummary(token, sessionId, signal),
    retry: false,
  });

/** The table's bill, on load and every 8 s (once `enabled`); live events refresh it too. */
export const useBillSummary = (token: string, sessionId: string | null, enabled: boolean) =>
  useQuery({
    ...getBillSummaryQueryOptions(token, sessionId),
    enabled,
    refetchInterval: SUMMARY_POLL_MS,
    // The page learns its session from the first answer and asks by it from then on: the bill
    // shown so far stays until the answer for the session comes.
    placeholderData: (previous) => previous,
  });
