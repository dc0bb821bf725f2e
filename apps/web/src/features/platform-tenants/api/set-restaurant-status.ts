import { platformRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { platformKey } from './platform-key';

export type StatusChange = 'suspend' | 'activate';

export const setRestaurantStatus = ({
  id,
  change,
  reason,
}: {
  id: string;
  change: StatusChange;
  reason: string;
}) =>
  call(
    change === 'suspend' ? platformRoutes.suspendRestaurant : platformRoutes.activateRestaurant,
    {
      params: { id },
      body: { reason },
    },
  );

/** Suspends or activates a restaurant (at once, everywhere); the console refreshes. */
export function useSetRestaurantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRestaurantStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKey }),
  });
}
