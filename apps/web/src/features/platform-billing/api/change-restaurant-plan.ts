import type { PlanId, RestaurantPlan } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const changeRestaurantPlan = ({
  restaurantId,
  plan,
}: {
  restaurantId: string;
  plan: PlanId;
}) =>
  apiRequest<RestaurantPlan>(`/api/platform/restaurants/${encodeURIComponent(restaurantId)}/plan`, {
    method: 'PUT',
    body: { plan },
  });

/** A plan change moves invoices, plan cards, MRR and the Restaurants tab: all platform data. */
export function useChangeRestaurantPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRestaurantPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['platform'] }),
  });
}
