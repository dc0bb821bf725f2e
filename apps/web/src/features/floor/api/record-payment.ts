import type { recordPaymentInputSchema } from '@tavola/contract';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

export type PaymentBody = z.input<typeof recordPaymentInputSchema>;

/** Mark Paid: records the payment that settles a table's dining session. */
export const recordPayment = ({ sessionId, body }: { sessionId: string; body: PaymentBody }) =>
  apiRequest<{ paymentId: string }>(`/api/sessions/${sessionId}/payments`, {
    method: 'POST',
    body,
  });

export const useRecordPayment = () => useFloorMutation(recordPayment);
