import type { PlacedOrder, PublicMenu, PublicSummary } from '@tavola/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const enc = encodeURIComponent;

export const publicKeys = {
  menu: (token: string) => ['public', 'menu', token] as const,
  summary: (token: string) => ['public', 'summary', token] as const,
};

export function startSession(token: string) {
  return apiRequest<{ sessionId: string; opened: boolean }>('/api/sessions/public/start', {
    method: 'POST',
    body: { token, customerCount: 1 },
    auth: false,
  });
}

export const menuQuery = (token: string) =>
  queryOptions({
    queryKey: publicKeys.menu(token),
    queryFn: ({ signal }) =>
      apiRequest<PublicMenu>(`/api/menu/public?token=${enc(token)}`, { auth: false, signal }),
    // A failed load falls back to the demo menu at once (spec §8) instead of retrying for seconds.
    retry: false,
    staleTime: 30_000,
  });

export const summaryQuery = (token: string, sessionId: string | null) =>
  queryOptions({
    queryKey: [...publicKeys.summary(token), sessionId] as const,
    queryFn: ({ signal }) =>
      apiRequest<PublicSummary>(
        `/api/sessions/public/summary?token=${enc(token)}${sessionId ? `&sessionId=${enc(sessionId)}` : ''}`,
        { auth: false, signal },
      ),
    retry: false,
  });

export function placeOrder(
  token: string,
  items: { menuItemId: string; quantity: number }[],
  currency: 'EUR' | 'USD',
  idempotencyKey: string,
) {
  return apiRequest<PlacedOrder>('/api/orders/public', {
    method: 'POST',
    body: { token, items, currency },
    headers: { 'idempotency-key': idempotencyKey },
    auth: false,
  });
}

export function callWaiter(token: string) {
  return apiRequest<{ alreadyRequested: boolean }>('/api/tables/public/call-waiter', {
    method: 'POST',
    body: { token },
    auth: false,
  });
}

export function requestPayment(token: string) {
  return apiRequest<{ alreadyRequested: boolean }>('/api/tables/public/request-payment', {
    method: 'POST',
    body: { token },
    auth: false,
  });
}
