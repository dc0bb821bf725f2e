import { requestsRoutes } from '@tavola/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';
import { billSummaryKey } from './get-bill-summary';

export const requestPayment = (token: string) =>
  call(requestsRoutes.requestPayment, { body: { token } });

/** Asks for the bill; the bill is refreshed after it (a plain callback, as usePlaceOrder). */
export function useRequestPayment(token: string) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const result = await requestPayment(token);
    void queryClient.invalidateQueries({ queryKey: billSummaryKey(token) });
    return result;
  }, [queryClient, token]);
}
