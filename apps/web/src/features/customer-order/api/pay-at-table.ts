import type { GuestPayInput } from '@tavola/contract';
import { paymentsRoutes } from '@tavola/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';
import { billSummaryKey } from './get-bill-summary';

export const payAtTable = (input: GuestPayInput, idempotencyKey: string) =>
  call(paymentsRoutes.payAtTable, {
    body: input,
    headers: { 'idempotency-key': idempotencyKey },
  });

/** Pays a part of the bill; the bill (summary and itemised) is refreshed after it, paid or refused. */
export function usePayAtTable() {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: GuestPayInput, idempotencyKey: string) => {
      try {
        return await payAtTable(input, idempotencyKey);
      } finally {
        void queryClient.invalidateQueries({ queryKey: billSummaryKey(input.token) });
      }
    },
    [queryClient],
  );
}
