import { floorRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { cachesOf, liveScope } from '../../core/cache/hub.js';
import { defineRoute } from '../../core/http/define-route.js';
import { businessDayEndsAt } from '../business-days/index.js';
import { floor } from './service.js';

/** The waiter's floor: a read model of tables, their orders and notifications. */
export const floorRoutes: FastifyPluginAsync = async (app) => {
  // The same for everyone who may view the tables (the route asks `view_tables`, the answer
  // does not depend on who asks): one written answer per restaurant, until any of its events,
  // or the end of its business day (its takings today start again from nothing).
  const floors = cachesOf(app.bus).cache<string>('staff-floors', {
    maxEntries: 5_000,
    ttlMs: 60_000,
  });
  defineRoute(app, routes.getFloor, async (request, reply) => {
    const restaurantId = requireRestaurantId(request);
    const body = await floors.getOrLoad(restaurantId, async () => {
      // The day the answer's "today" is: the one current when the read starts.
      const [dayEnds, data] = await Promise.all([
        businessDayEndsAt(app.db, restaurantId, new Date()),
        floor(app.db, restaurantId),
      ]);
      return {
        value: JSON.stringify({ success: true, data }),
        scopes: [liveScope(restaurantId)],
        expiresAt: dayEnds,
      };
    });
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
