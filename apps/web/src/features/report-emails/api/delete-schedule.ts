import { reportEmailsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { reportSchedulesKey } from './get-schedules';

export const deleteSchedule = (id: string) =>
  managerCall(reportEmailsRoutes.deleteReportSchedule, { params: { id } });

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey }),
  });
}
