import type { ReportSchedule, ReportScheduleInput } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { reportSchedulesKey } from './get-schedules';

/** Creates a schedule, or changes one when `id` is given. */
export const saveSchedule = ({ id, input }: { id?: string; input: ReportScheduleInput }) =>
  managerRequest<ReportSchedule>(id ? `/api/reports/schedules/${id}` : '/api/reports/schedules', {
    method: id ? 'PUT' : 'POST',
    body: input,
  });

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey }),
  });
}
