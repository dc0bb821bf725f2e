import { discountsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** The restaurant's list of reasons a discount or comp is given for (the manager keeps it). */
export const discountReasonsKey = ['discount-reasons'] as const;

export const getDiscountReasonsQueryOptions = () =>
  queryOptions({
    queryKey: discountReasonsKey,
    queryFn: ({ signal }) => call(discountsRoutes.listDiscountReasons, {}, { signal }),
  });

/** The reasons, by name; `enabled` false for someone who may not read them. */
export function useDiscountReasons(enabled = true) {
  return useQuery({ ...getDiscountReasonsQueryOptions(), enabled });
}
