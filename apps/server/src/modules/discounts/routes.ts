import { discountsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { staffActor } from '../../core/auth/actors.js';
import { defineRoute } from '../../core/http/define-route.js';
import {
  applyDiscount,
  createReason,
  deleteReason,
  listReasons,
  removeDiscount,
  setDiscountLimit,
  updateReason,
} from './service.js';

/**
 * Discounts and comps on open bills (the waiter's and the manager's floor), the manager's list
 * of reasons, and each member of staff's limit.
 */
export const discountRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, discountsRoutes.listDiscountReasons, async (request) => ({
    success: true as const,
    data: await listReasons(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, discountsRoutes.createDiscountReason, async (request, reply) => {
    reply.code(201);
    return {
      success: true as const,
      data: await createReason(app, staffActor(request), request.body.name),
    };
  });

  defineRoute(app, discountsRoutes.updateDiscountReason, async (request) => ({
    success: true as const,
    data: await updateReason(app, staffActor(request), request.params.id, request.body.name),
  }));

  defineRoute(app, discountsRoutes.deleteDiscountReason, async (request) => ({
    success: true as const,
    data: await deleteReason(app, staffActor(request), request.params.id),
  }));

  defineRoute(app, discountsRoutes.applyDiscount, async (request, reply) => {
    const data = await applyDiscount(app, staffActor(request), request.params.id, request.body);
    reply.code(201);
    return { success: true as const, data };
  });

  defineRoute(app, discountsRoutes.removeDiscount, async (request) => ({
    success: true as const,
    data: await removeDiscount(app, staffActor(request), request.params.id),
  }));

  defineRoute(app, discountsRoutes.setDiscountLimit, async (request) => ({
    success: true as const,
    data: await setDiscountLimit(app, staffActor(request), request.params.id, request.body),
  }));
};
