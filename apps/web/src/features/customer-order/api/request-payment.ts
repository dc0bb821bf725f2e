import type { GuestRequestResult } from '@tavola/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client';
import { billSummaryKey } from './get-bill-summary';

export const requestPayment = (token: string) =>
  apiRequest<GuestRequestResult>('/api/tables/public/request-payment', {
    method: 'POST',
    body: { token },
    auth: false,
  });

/** Asks for the bill; the bill is refreshed after it (a plain callback, as usePlaceOrder). */
export function useRequestPayment(token: string) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const result = await requestPayment(token);
    void queryClient.invalidateQueries({ queryKey: billSummaryKey(token) });
    return result;
  }, [queryClient, token]);
}
