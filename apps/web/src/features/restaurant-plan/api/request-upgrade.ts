import type { PlanId, UpgradeRequest } from '@tavola/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const requestUpgrade = ({ plan }: { plan: PlanId }) =>
  apiRequest<UpgradeRequest>('/api/restaurant/plan/upgrade-request', {
    method: 'POST',
    body: { plan },
  });

/**
 * The admin asks the Tavola team for a bigger plan. Nothing changes on the plan card until the
 * team has set up payment and switched the plan (the card hears of that live).
 */
export function useRequestUpgrade() {
  return useMutation({ mutationFn: requestUpgrade });
}
