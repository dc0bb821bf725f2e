import { type PlanId } from '@tavola/contract';
import { restaurantAccountRoutes } from '@tavola/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const requestUpgrade = ({ plan }: { plan: PlanId }) =>
  call(restaurantAccountRoutes.requestPlanUpgrade, { body: { plan } });

/**
 * The admin asks the Tavola team for a bigger plan. Nothing changes on the plan card until the
 * team has set up payment and switched the plan (the card hears of that live).
 */
export function useRequestUpgrade() {
  return useMutation({ mutationFn: requestUpgrade });
}
