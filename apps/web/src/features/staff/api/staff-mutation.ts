import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffKey } from './get-staff';

/** A staff write, refreshing the staff list when it succeeds. */
export function useStaffMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKey }),
  });
}
