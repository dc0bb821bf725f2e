import { type ReportScheduleInput } from '@tavola/contract';
import { reportEmailsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { reportSchedulesKey } from './get-schedules';

/** Creates a schedule, or changes one when `id` is given. */
export const saveSchedule = ({ id, input }: { id?: string; input: ReportScheduleInput }) =>
  id
    ? managerCall(reportEmailsRoutes.updateReportSchedule, { params: { id }, body: input })
    : managerCall(reportEmailsRoutes.createReportSchedule, { body: input });

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey }),
  });
}
