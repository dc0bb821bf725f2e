import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantPlanKey } from '@/components/plan/restaurant-plan';
import { staffKey } from './get-staff';

/** A staff write, refreshing the staff list (and the plan's count of accounts) when it succeeds. */
export function useStaffMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: staffKey }),
        queryClient.invalidateQueries({ queryKey: restaurantPlanKey }),
      ]);
    },
  });
}
