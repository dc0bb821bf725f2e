import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import {
  idempotencyHeadersSchema,
  placedOrderResponseSchema,
  staffOrderInputSchema,
} from '../orders/schemas.js';
import {
  closedTabResponseSchema,
  openTabInputSchema,
  tabListResponseSchema,
  tabResponseSchema,
} from './schemas.js';

const tags = ['Tabs'];

/** Bills without a table: bar tabs, counter orders and takeaways. */
export const tabsRoutes = {
  openTab: defineRouteContract({
    method: 'POST',
    path: '/api/tabs',
    operationId: 'openTab',
    summary: 'Open a bar tab, a counter order or a takeaway (a bill without a table)',
    tags,
    scope: 'staff',
    permissions: ['enter_orders'],
    body: openTabInputSchema,
    response: tabResponseSchema,
    status: 201,
    errors: [409],
  }),
  listTabs: defineRouteContract({
    method: 'GET',
    path: '/api/tabs',
    operationId: 'listTabs',
    summary: 'The open tabs with their bills, oldest first',
    tags,
    scope: 'staff',
    permissions: ['enter_orders', 'view_tables'],
    response: tabListResponseSchema,
  }),
  getTab: defineRouteContract({
    method: 'GET',
    path: '/api/tabs/:id',
    operationId: 'getTab',
    summary: 'One open tab with its bill',
    tags,
    scope: 'staff',
    permissions: ['enter_orders', 'view_tables'],
    params: idParamSchema,
    response: tabResponseSchema,
    errors: [404],
  }),
  placeTabOrder: defineRouteContract({
    method: 'POST',
    path: '/api/tabs/:id/orders',
    operationId: 'placeTabOrder',
    summary:
      'Ring up an order on an open tab (201; a retry with the same Idempotency-Key: 200, the same order)',
    tags,
    scope: 'staff',
    permissions: ['enter_orders'],
    params: idParamSchema,
    body: staffOrderInputSchema,
    headers: idempotencyHeadersSchema,
    response: placedOrderResponseSchema,
    status: [200, 201],
    errors: [403, 404, 409, 422],
  }),
  closeTab: defineRouteContract({
    method: 'POST',
    path: '/api/tabs/:id/close',
    operationId: 'closeTab',
    summary:
      'Close a tab with nothing left to pay (opened by mistake, or its orders voided), without a payment or a receipt',
    tags,
    scope: 'staff',
    permissions: ['enter_orders'],
    params: idParamSchema,
    response: closedTabResponseSchema,
    errors: [404, 409],
  }),
};
