import { type ChangeOrderLineInput } from '@tavola/contract';
import { ordersRoutes } from '@tavola/contract/refs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { tabsKey } from './get-tabs';

/** A sent line changed (or taken off) before its station starts it. */
export const changeOrderLine = (orderId: string, itemId: string, body: ChangeOrderLineInput) =>
  call(ordersRoutes.changeOrderLine, { params: { id: orderId, itemId }, body });

/**
 * The change, with the tabs' bills read again when it settles (a refusal too); a table's floor
 * follows the order's live event.
 */
export function useChangeOrderLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { orderId: string; itemId: string; body: ChangeOrderLineInput }) =>
      changeOrderLine(v.orderId, v.itemId, v.body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: tabsKey }),
  });
}
