import { type recordPaymentInputSchema } from '@tavola/contract';
import { paymentsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '@/lib/api-client';
import { tabsKey } from './get-tabs';

export type PaymentBody = z.input<typeof recordPaymentInputSchema>;

/** Settles a bill (a dining session): a table's, or a tab's, whose id is its session's. */
export const recordBillPayment = ({ sessionId, body }: { sessionId: string; body: PaymentBody }) =>
  call(paymentsRoutes.recordPayment, { params: { id: sessionId }, body });

/** Take payment from the order screen or the tabs; the tabs follow (the floor hears the event). */
export function useRecordBillPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordBillPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tabsKey }),
  });
}
