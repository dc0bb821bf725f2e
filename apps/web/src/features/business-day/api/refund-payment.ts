import { type RefundPaymentInput } from '@tavola/contract';
import { paymentsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { dayPaymentsKey } from './get-day-payments';
import { zReportKey } from './get-z-report';

/** Gives back part or all of a captured payment, dated in today's business day. */
export const refundPayment = ({
  paymentId,
  body,
}: {
  paymentId: string;
  body: RefundPaymentInput;
}) => managerCall(paymentsRoutes.refundPayment, { params: { id: paymentId }, body });

export function useRefundPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundPayment,
    onSettled: async () => {
      // Today's Z report gains the refund; the list shows what is left of the payment.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: zReportKey }),
        queryClient.invalidateQueries({ queryKey: dayPaymentsKey }),
      ]);
    },
  });
}
