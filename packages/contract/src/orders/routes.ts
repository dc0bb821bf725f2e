import { defineRouteContract } from '../common/route.js';
import { idParamSchema } from '../common/schemas.js';
import { orderPriorityResponseSchema, priorityInputSchema } from '../tickets/schemas.js';
import {
  idempotencyHeadersSchema,
  placedOrderResponseSchema,
  placeOrderInputSchema,
  serveOrderResponseSchema,
  tableOrderInputSchema,
} from './schemas.js';
import {
  orderLineParamSchema,
  voidedOrderResponseSchema,
  voidOrderInputSchema,
  voidOrderLineInputSchema,
} from './voids.js';
import { changeOrderLineInputSchema } from './line-changes.js';

const tags = ['Orders'];

/** A guest's order from the table, and the staff's actions on an order. */
export const ordersRoutes = {
  placeOrder: defineRouteContract({
    method: 'POST',
    path: '/api/orders/public',
    operationId: 'placeOrder',
    summary: 'Place an order from a table (201; a retry with the same Idempotency-Key: 200)',
    tags,
    scope: 'guest',
    body: placeOrderInputSchema,
    headers: idempotencyHeadersSchema,
    response: placedOrderResponseSchema,
    status: [200, 201],
    errors: [403, 404, 409, 422],
  }),
  placeTableOrder: defineRouteContract({
    method: 'POST',
    path: '/api/tables/:id/orders',
    operationId: 'placeTableOrder',
    summary:
      'Ring up an order at a table (staff; seats the table when it has no open bill). 201; a retry with the same Idempotency-Key: 200, the same order',
    description:
      "The same path as a guest's order: tickets per station, events, the table's one bill. A table held by another active waiter is refused unless the caller manages tables. Lines take a menu item or, with the open_items permission, an open-priced item.",
    tags,
    scope: 'staff',
    permissions: ['enter_orders'],
    params: idParamSchema,
    body: tableOrderInputSchema,
    headers: idempotencyHeadersSchema,
    response: placedOrderResponseSchema,
    status: [200, 201],
    errors: [403, 404, 409, 422],
  }),
  serveOrder: defineRouteContract({
    method: 'POST',
    path: '/api/orders/:id/serve',
    operationId: 'serveOrder',
    summary: 'Mark Served: a ready order reached its table',
    tags,
    scope: 'staff',
    permissions: ['manage_orders'],
    params: idParamSchema,
    response: serveOrderResponseSchema,
    errors: [404, 409],
  }),
  setOrderPriority: defineRouteContract({
    method: 'POST',
    path: '/api/orders/:id/priority',
    operationId: 'setOrderPriority',
    summary:
      "Set an order's priority and its open tickets': low, normal, high or urgent (table's waiter or manager)",
    tags,
    scope: 'staff',
    permissions: ['manage_orders'],
    params: idParamSchema,
    body: priorityInputSchema,
    response: orderPriorityResponseSchema,
    errors: [404, 409],
  }),
  voidOrder: defineRouteContract({
    method: 'POST',
    path: '/api/orders/:id/void',
    operationId: 'voidOrder',
    summary: 'Void a whole order on an open bill, with a reason',
    tags,
    scope: 'staff',
    permissions: ['void_orders'],
    params: idParamSchema,
    body: voidOrderInputSchema,
    response: voidedOrderResponseSchema,
    errors: [404, 409],
  }),
  voidOrderLine: defineRouteContract({
    method: 'POST',
    path: '/api/orders/:id/items/:itemId/void',
    operationId: 'voidOrderLine',
    summary: 'Void some of one order line on an open bill, with a reason',
    tags,
    scope: 'staff',
    permissions: ['void_orders'],
    params: orderLineParamSchema,
    body: voidOrderLineInputSchema,
    response: voidedOrderResponseSchema,
    errors: [404, 409],
  }),
  changeOrderLine: defineRouteContract({
    method: 'PATCH',
    path: '/api/orders/:id/items/:itemId',
    operationId: 'changeOrderLine',
    summary:
      "Change a sent line's quantity or notes, or take it off (quantity 0), before its station starts it; the station's ticket shows the change",
    tags,
    scope: 'staff',
    permissions: ['enter_orders'],
    params: orderLineParamSchema,
    body: changeOrderLineInputSchema,
    response: voidedOrderResponseSchema,
    errors: [403, 404, 409],
  }),
};
