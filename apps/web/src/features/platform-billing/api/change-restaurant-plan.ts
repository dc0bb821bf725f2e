import { type PlanId } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export const changeRestaurantPlan = ({
  restaurantId,
  plan,
}: {
  restaurantId: string;
  plan: PlanId;
}) => call(platformRoutes.changeRestaurantPlan, { params: { id: restaurantId }, body: { plan } });

/** A plan change moves invoices, plan cards, MRR and the Restaurants tab: all platform data. */
export function useChangeRestaurantPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRestaurantPlan,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['platform'] }),
  });
}
