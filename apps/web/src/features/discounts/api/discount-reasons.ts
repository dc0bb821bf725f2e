import { discountsRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { managerCall } from '@/lib/api-client';
import { discountReasonsKey } from '@/lib/discount-reasons';

export const createDiscountReason = ({ name }: { name: string }) =>
  managerCall(discountsRoutes.createDiscountReason, { body: { name } });

export const renameDiscountReason = ({ id, name }: { id: string; name: string }) =>
  managerCall(discountsRoutes.updateDiscountReason, { params: { id }, body: { name } });

export const deleteDiscountReason = ({ id }: { id: string }) =>
  managerCall(discountsRoutes.deleteDiscountReason, { params: { id } });

/** A change to the list, which is read again once it succeeds. */
function useReasonMutation<TVariables, TResult>(fn: (v: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: discountReasonsKey }),
  });
}

export const useCreateDiscountReason = () => useReasonMutation(createDiscountReason);
export const useRenameDiscountReason = () => useReasonMutation(renameDiscountReason);
export const useDeleteDiscountReason = () => useReasonMutation(deleteDiscountReason);
