import { restaurantAccountRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const restaurantPlanKey = ['restaurant', 'plan'] as const;

export const getRestaurantPlan = (signal?: AbortSignal) =>
  call(restaurantAccountRoutes.getRestaurantPlan, {}, { signal });

/**
 * The signed-in restaurant's plan and trial. Read again every minute, so a trial that ends (or a
 * plan the team sets) reaches every open staff screen without a reload.
 */
export const getRestaurantPlanQueryOptions = () =>
  queryOptions({
    queryKey: restaurantPlanKey,
    queryFn: ({ signal }) => getRestaurantPlan(signal),
    refetchInterval: 60_000,
  });

/** The plan, read again at once when the team (or another admin) changes it or its usage changes. */
export function useRestaurantPlan({ enabled = true }: { enabled?: boolean } = {}) {
  useInvalidateOnEvents(
    restaurantPlanKey,
    ['menu_updated', 'staff_updated', 'table_updated'],
    // What the plan card shows: the plan itself, and the tables and accounts it counts.
    (event) =>
      event.type === 'menu_updated'
        ? event.data.action === 'plan'
        : event.type === 'table_updated'
          ? event.data.action === 'created' || event.data.action === 'deleted'
          : true,
  );
  return useQuery({ ...getRestaurantPlanQueryOptions(), enabled });
}
