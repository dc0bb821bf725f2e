import { paymentsRoutes } from '@tavola/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const staffBillKey = (sessionId: string) => ['staff-bill', sessionId] as const;

/**
 * The bill being paid, itemised with what is paid of it, while the pay dialog is open: read
 * again every few seconds, so a guest paying their part at the table shows here too.
 */
export function useStaffBill(sessionId: string | null | undefined) {
  return useQuery({
    queryKey: staffBillKey(sessionId ?? ''),
    queryFn: () => call(paymentsRoutes.getBill, { params: { id: sessionId! } }),
    enabled: Boolean(sessionId),
    refetchInterval: 5_000,
    retry: false,
  });
}
