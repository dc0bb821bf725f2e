import type { Tenant } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
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
  apiRequest<Tenant>(`/api/platform/restaurants/${id}/${change}`, {
    method: 'POST',
    body: { reason },
  });

/** Suspends or activates a restaurant (at once, everywhere); the console refreshes. */
export function useSetRestaurantStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRestaurantStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: platformKey }),
  });
}
