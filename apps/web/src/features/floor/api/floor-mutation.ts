import { useMutation, useQueryClient } from '@tanstack/react-query';
import { floorKey } from './get-floor';

/**
 * A write on the floor. The floor is refreshed when it settles, a refusal included (someone else
 * may have acted on the table first).
 */
export function useFloorMutation<TVariables, TResult>(
  mutationFn: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: floorKey }),
  });
}
