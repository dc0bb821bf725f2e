import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { emailLogKey } from './get-email-log';

/** Send now: queued at once; the log shows when it is sent (or why it failed). */
export const sendScheduleNow = (id: string) =>
  managerRequest<{ queued: true }>(`/api/reports/schedules/${id}/send`, { method: 'POST' });

export function useSendNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendScheduleNow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailLogKey }),
  });
}
