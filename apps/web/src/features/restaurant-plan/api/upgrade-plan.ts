import type { PlanId, RestaurantPlan } from '@tavola/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantPlanKey } from '@/components/plan/restaurant-plan';
import { apiRequest } from '@/lib/api-client';

export const upgradePlan = ({ plan }: { plan: PlanId }) =>
  apiRequest<RestaurantPlan>('/api/restaurant/plan', { method: 'PUT', body: { plan } });

/** The admin's upgrade: the plan card and the trial banner read the answer at once. */
export function useUpgradePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: upgradePlan,
    onSuccess: (plan) => queryClient.setQueryData(restaurantPlanKey, plan),
  });
}
