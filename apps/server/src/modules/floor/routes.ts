import { floorRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { floor } from './service.js';

/** The waiter's floor: a read model of tables, their orders and notifications. */
export const floorRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, routes.getFloor, async (request) => ({
    success: true as const,
    data: await floor(app.db, requireRestaurantId(request)),
  }));
};
