import { businessDaysRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { zReportKey } from './get-z-report';

/** Closes a business day: its Z report is kept and the day is locked. */
export const closeDay = (date: string) =>
  managerCall(businessDaysRoutes.closeDay, { body: { date } });

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeDay,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zReportKey }),
  });
}
