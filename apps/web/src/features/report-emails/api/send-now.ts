import { reportEmailsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { emailLogKey } from './get-email-log';
import { reportSchedulesKey } from './get-schedules';

/** Send now: queued at once; the log shows when it is sent (or why it failed). */
export const sendScheduleNow = (id: string) =>
  managerCall(reportEmailsRoutes.sendReportNow, { params: { id } });

export function useSendNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendScheduleNow,
    // Refused too: a recipient may have answered since the list was read.
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: emailLogKey });
      await queryClient.invalidateQueries({ queryKey: reportSchedulesKey });
    },
  });
}
