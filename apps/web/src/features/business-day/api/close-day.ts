import type { ZReport } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { zReportKey } from './get-z-report';

/** Closes a business day: its Z report is kept and the day is locked. */
export const closeDay = (date: string) =>
  managerRequest<ZReport>('/api/business-days/close', { method: 'POST', body: { date } });

export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeDay,
    onSettled: () => queryClient.invalidateQueries({ queryKey: zReportKey }),
  });
}
