import { discountsRoutes } from '@tavola/contract/refs';
import { managerCall } from '@/lib/api-client';
import { useStaffMutation } from './staff-mutation';

/** How far a member of staff may go with one discount: a percentage and an amount (null: none). */
export const setDiscountLimit = ({
  id,
  maxPercent,
  maxAmount,
}: {
  id: string;
  maxPercent: number | null;
  maxAmount: number | null;
}) =>
  managerCall(discountsRoutes.setDiscountLimit, {
    params: { id },
    body: { maxPercent, maxAmount },
  });

export const useSetDiscountLimit = () => useStaffMutation(setDiscountLimit);
