import { defineRouteContract } from '../common/route.js';
import { deletedResponseSchema, idParamSchema } from '../common/schemas.js';
import {
  applyDiscountInputSchema,
  discountLimitInputSchema,
  discountLimitResponseSchema,
  discountReasonInputSchema,
  discountReasonResponseSchema,
  discountReasonsResponseSchema,
  discountResultResponseSchema,
} from './schemas.js';

const tags = ['Discounts'];
/** Who gives (and takes back) discounts and comps: either permission lets them in. */
const giving = ['apply_discounts', 'comp_items'] as const;

/**
 * Discounts and comps on open bills, the reasons they are given for (the manager's list), and
 * each member of staff's limit.
 */
export const discountsRoutes = {
  listDiscountReasons: defineRouteContract({
    method: 'GET',
    path: '/api/discount-reasons',
    operationId: 'listDiscountReasons',
    summary: 'The reasons a discount or comp may be given for',
    tags,
    scope: 'staff',
    permissions: [...giving, 'manage_settings'],
    response: discountReasonsResponseSchema,
  }),
  createDiscountReason: defineRouteContract({
    method: 'POST',
    path: '/api/discount-reasons',
    operationId: 'createDiscountReason',
    summary: 'Add a reason to the list',
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    body: discountReasonInputSchema,
    response: discountReasonResponseSchema,
    status: 201,
    errors: [409],
  }),
  updateDiscountReason: defineRouteContract({
    method: 'PATCH',
    path: '/api/discount-reasons/:id',
    operationId: 'updateDiscountReason',
    summary: 'Rename a reason (discounts already given keep the name they were given with)',
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    params: idParamSchema,
    body: discountReasonInputSchema,
    response: discountReasonResponseSchema,
    errors: [404, 409],
  }),
  deleteDiscountReason: defineRouteContract({
    method: 'DELETE',
    path: '/api/discount-reasons/:id',
    operationId: 'deleteDiscountReason',
    summary: 'Take a reason off the list (discounts already given keep it)',
    tags,
    scope: 'staff',
    permissions: ['manage_settings'],
    params: idParamSchema,
    response: deletedResponseSchema,
    errors: [404],
  }),
  applyDiscount: defineRouteContract({
    method: 'POST',
    path: '/api/sessions/:id/discounts',
    operationId: 'applyDiscount',
    summary:
      'Give a discount (a percentage or an amount, on a line or the whole bill) or comp a line, on an open bill, with a reason',
    tags,
    scope: 'staff',
    permissions: giving,
    params: idParamSchema,
    body: applyDiscountInputSchema,
    response: discountResultResponseSchema,
    status: 201,
    errors: [403, 404, 409],
  }),
  removeDiscount: defineRouteContract({
    method: 'DELETE',
    path: '/api/discounts/:id',
    operationId: 'removeDiscount',
    summary: 'Take a discount or comp back off a bill that is still open',
    tags,
    scope: 'staff',
    permissions: giving,
    params: idParamSchema,
    response: discountResultResponseSchema,
    errors: [403, 404, 409],
  }),
  setDiscountLimit: defineRouteContract({
    method: 'PUT',
    path: '/api/staff/:id/discount-limit',
    operationId: 'setDiscountLimit',
    summary:
      'Set how far a member of staff may go with one discount: a percentage and an amount (null: no limit)',
    tags: ['Staff', ...tags],
    scope: 'staff',
    permissions: ['manage_staff'],
    params: idParamSchema,
    body: discountLimitInputSchema,
    response: discountLimitResponseSchema,
    errors: [403, 404],
  }),
};
