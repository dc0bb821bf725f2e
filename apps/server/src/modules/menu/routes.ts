import {
  idParamSchema,
  menuItemInputSchema,
  menuItemUpdateSchema,
  menuListQuerySchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId, requireStaff } from '../../core/auth/plugin.js';
import {
  createMenuItem,
  deleteMenuItem,
  listCategories,
  listMenu,
  toggleMenuItem,
  updateMenuItem,
} from './service.js';

/** The manager's menu (spec §7): manager, admin or `manage_menu`, always the caller's restaurant. */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_menu');

  app.get(
    '/api/menu',
    { schema: { querystring: menuListQuerySchema }, preHandler },
    async (request) => ({
      success: true as const,
      data: await listMenu(app.db, requireRestaurantId(request), request.query.limit),
    }),
  );

  app.get('/api/menu/categories', { preHandler }, async (request) => ({
    success: true as const,
    data: await listCategories(app.db, requireRestaurantId(request)),
  }));

  app.post(
    '/api/menu',
    { schema: { body: menuItemInputSchema }, preHandler },
    async (request, reply) => {
      const { user, restaurantId } = requireStaff(request);
      const { item, events } = await createMenuItem(app.db, user, restaurantId, request.body);
      app.publish(events);
      return reply.status(201).send({ success: true as const, data: item });
    },
  );

  app.put(
    '/api/menu/:id',
    { schema: { params: idParamSchema, body: menuItemUpdateSchema }, preHandler },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      const { item, events } = await updateMenuItem(
        app.db,
        user,
        restaurantId,
        request.params.id,
        request.body,
      );
      app.publish(events);
      return { success: true as const, data: item };
    },
  );

  app.put(
    '/api/menu/:id/toggle',
    { schema: { params: idParamSchema }, preHandler },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      const { item, events } = await toggleMenuItem(app.db, user, restaurantId, request.params.id);
      app.publish(events);
      return { success: true as const, data: item };
    },
  );

  app.delete(
    '/api/menu/:id',
    { schema: { params: idParamSchema }, preHandler },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      const { events } = await deleteMenuItem(app.db, user, restaurantId, request.params.id);
      app.publish(events);
      return { success: true as const, data: { deleted: true } };
    },
  );
};
