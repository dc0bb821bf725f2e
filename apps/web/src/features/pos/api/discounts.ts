import { type ApplyDiscountInput } from '@tavola/contract';
import { discountsRoutes } from '@tavola/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** A discount or comp on an open bill (a table's or a tab's dining session). */
export const applyDiscount = ({
  sessionId,
  input,
}: {
  sessionId: string;
  input: ApplyDiscountInput;
}) => call(discountsRoutes.applyDiscount, { params: { id: sessionId }, body: input });

/** Takes a discount or comp back off a bill that is still open. */
export const removeDiscount = ({ id }: { id: string }) =>
  call(discountsRoutes.removeDiscount, { params: { id } });

/**
 * A change to a bill's discounts; `refresh` reads the bill again once it settles, a refusal
 * included (the live event does the same on every other screen).
 */
export const useApplyDiscount = (refresh: () => void) =>
  useMutation({ mutationFn: applyDiscount, onSettled: refresh });

export const useRemoveDiscount = (refresh: () => void) =>
  useMutation({ mutationFn: removeDiscount, onSettled: refresh });
