import { businessDaysRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { zReportKey } from './get-z-report';

/** Reopens a closed business day, with the reason the audit log keeps. */
export const reopenDay = ({ date, reason }: { date: string; reason: string }) =>
  managerCall(businessDaysRoutes.reopenDay, { body: { date, reason } });

export function useReopenDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reopenDay,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zReportKey }),
  });
}
