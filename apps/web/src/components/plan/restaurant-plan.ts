import type { RestaurantPlan } from '@tavola/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const restaurantPlanKey = ['restaurant', 'plan'] as const;

export const getRestaurantPlan = (signal?: AbortSignal) =>
  apiRequest<RestaurantPlan>('/api/restaurant/plan', { signal });

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

export const useRestaurantPlan = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...getRestaurantPlanQueryOptions(), enabled });
