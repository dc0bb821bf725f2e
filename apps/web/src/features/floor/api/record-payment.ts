import { type recordPaymentInputSchema } from '@tavola/contract';
import { paymentsRoutes } from '@tavola/contract/refs';
import type { z } from 'zod';
import { call } from '@/lib/api-client';
import { useFloorMutation } from './floor-mutation';

export type PaymentBody = z.input<typeof recordPaymentInputSchema>;

/** Mark Paid: records the payment that settles a table's dining session. */
export const recordPayment = ({ sessionId, body }: { sessionId: string; body: PaymentBody }) =>
  call(paymentsRoutes.recordPayment, { params: { id: sessionId }, body });

export const useRecordPayment = () => useFloorMutation(recordPayment);
