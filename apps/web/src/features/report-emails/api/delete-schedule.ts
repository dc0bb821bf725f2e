import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerRequest } from '@/lib/api-client';
import { reportSchedulesKey } from './get-schedules';

export const deleteSchedule = (id: string) =>
  managerRequest<{ deleted: true }>(`/api/reports/schedules/${id}`, { method: 'DELETE' });

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportSchedulesKey }),
  });
}
