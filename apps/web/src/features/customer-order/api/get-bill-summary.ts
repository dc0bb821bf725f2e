import { SUMMARY_POLL_MS, type PublicSummary } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const enc = encodeURIComponent;

/** Everything cached about a table's bill sits under this key (whatever the session). */
export const billSummaryKey = (token: string) => ['public', 'summary', token] as const;

export const getBillSummary = (token: string, sessionId: string | null, signal?: AbortSignal) =>
  apiRequest<PublicSummary>(
    `/api/sessions/public/summary?token=${enc(token)}${sessionId ? `&sessionId=${enc(sessionId)}` : ''}`,
    { auth: false, signal },
  );

export const getBillSummaryQueryOptions = (token: string, sessionId: string | null) =>
  queryOptions({
    queryKey: [...billSummaryKey(token), sessionId] as const,
    queryFn: ({ signal }) => getBillSummary(token, sessionId, signal),
    retry: false,
  });

/** Spec §7: the table's bill, on load and every 8 s (once `enabled`); live events refresh it too. */
export const useBillSummary = (token: string, sessionId: string | null, enabled: boolean) =>
  useQuery({
    ...getBillSummaryQueryOptions(token, sessionId),
    enabled,
    refetchInterval: SUMMARY_POLL_MS,
    // The page learns its session from the first answer and asks by it from then on: the bill
    // shown so far stays until the answer for the session comes.
    placeholderData: (previous) => previous,
  });
