import { type Currency, type OptionPick } from '@tavola/contract';
import { ordersRoutes } from '@tavola/contract/refs';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { call } from '@/lib/api-client';
import { billSummaryKey } from './get-bill-summary';

export interface PlaceOrderInput {
  /** One per cart line, with its key (absent only for a cart stored before lines had keys). */
  items: {
    menuItemId: string;
    quantity: number;
    notes?: string;
    key?: string;
    options?: OptionPick[];
  }[];
  currency: Currency;
  /** One per cart: a retried tap after a network error cannot create a second order. */
  idempotencyKey: string;
  /** The guest's allergies, for every ticket of the order. */
  allergyNote?: string;
}

export const placeOrder = (
  token: string,
  { items, currency, idempotencyKey, allergyNote }: PlaceOrderInput,
) =>
  call(ordersRoutes.placeOrder, {
    body: {
      token,
      items,
      currency: currency === 'usd' ? 'USD' : 'EUR',
      ...(allergyNote ? { allergyNote } : {}),
    },
    headers: { 'idempotency-key': idempotencyKey },
  });

/**
 * Places the cart as an order; the bill is refreshed after it. A plain callback rather than
 * useMutation: the guest page has its own pending state, and its code stays within its budget.
 */
export function usePlaceOrder(token: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (input: PlaceOrderInput) => {
      const placed = await placeOrder(token, input);
      void queryClient.invalidateQueries({ queryKey: billSummaryKey(token) });
      return placed;
    },
    [queryClient, token],
  );
}
