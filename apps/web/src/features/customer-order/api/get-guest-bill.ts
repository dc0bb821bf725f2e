import { paymentsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { billSummaryKey } from './get-bill-summary';

// Under the summary's key: the page's live events and refreshes reach the itemised bill too.
export const guestBillKey = (token: string) => [...billSummaryKey(token), 'itemised'] as const;

export const getGuestBill = (token: string, sessionId: string | null, signal?: AbortSignal) =>
  call(
    paymentsRoutes.getGuestBill,
    { query: { token, sessionId: sessionId ?? undefined } },
    { signal },
  );

export const getGuestBillQueryOptions = (token: string, sessionId: string | null) =>
  queryOptions({
    queryKey: [...guestBillKey(token), sessionId] as const,
    queryFn: ({ signal }) => getGuestBill(token, sessionId, signal),
    retry: false,
  });

/** The table's itemised bill while the pay sheet is open; live events refresh it. */
export const useGuestBill = (token: string, sessionId: string | null) =>
  useQuery({
    ...getGuestBillQueryOptions(token, sessionId),
    placeholderData: (previous) => previous,
  });
