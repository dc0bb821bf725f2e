import { type StaffOrderInput } from '@tavola/contract';
import { ordersRoutes, tabsRoutes } from '@tavola/contract/refs';
import { call } from '@/lib/api-client';

type Body = Pick<StaffOrderInput, 'items' | 'allergyNote'>;

/**
 * A waiter's order at a table, on its own bill or on one of its further checks (`check` 2, 3, …);
 * a retry with the same key replays it (the server's answer 200).
 */
export const placeTableOrder = (tableId: string, body: Body, idempotencyKey: string, check = 1) =>
  call(ordersRoutes.placeTableOrder, {
    params: { id: tableId },
    body: { ...body, ...(check > 1 ? { check } : {}) },
    headers: { 'idempotency-key': idempotencyKey },
  });

/** A round on a tab (a bar tab, a counter order, a takeaway), sent like a table's. */
export const placeTabOrder = (tabId: string, body: Body, idempotencyKey: string) =>
  call(tabsRoutes.placeTabOrder, {
    params: { id: tabId },
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
