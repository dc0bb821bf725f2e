import type { PaymentRequestWay } from '@tavola/contract';
import { requestsRoutes } from '@tavola/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';
import { billSummaryKey } from './get-bill-summary';

/** Asks for the bill; `how` tells the waiter how the table wants to pay. */
export const requestPayment = (token: string, how?: PaymentRequestWay) =>
  call(requestsRoutes.requestPayment, { body: { token, ...(how ? { how } : {}) } });

/** Asks for the bill; the bill is refreshed after it (a plain callback, as usePlaceOrder). */
export function useRequestPayment(token: string) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const result = await requestPayment(token);
    void queryClient.invalidateQueries({ queryKey: billSummaryKey(token) });
    return result;
  }, [queryClient, token]);
}
