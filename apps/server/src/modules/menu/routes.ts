import {
  deletedResponseSchema,
  idParamSchema,
  menuCategoriesResponseSchema,
  menuCategoryResponseSchema,
  menuCategoryStationInputSchema,
  menuItemInputSchema,
  menuItemResponseSchema,
  menuItemUpdateSchema,
  menuListQuerySchema,
  menuListResponseSchema,
  menuSamplesRemovedResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../core/http/responses.js';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import {
  createMenuItem,
  deleteMenuItem,
  listCategories,
  listMenu,
  removeSampleItems,
  setCategoryStation,
  toggleMenuItem,
  updateMenuItem,
} from './service.js';

/** The manager's menu (spec §7): manager, admin or `manage_menu`, always the caller's restaurant. */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_menu');
  const tags = ['Menu'];

  app.get(
    '/api/menu',
    {
      schema: {
        tags,
        summary: "The restaurant's menu items",
        querystring: menuListQuerySchema,
        response: { 200: menuListResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await listMenu(app.db, requireRestaurantId(request), request.query.limit),
    }),
  );

  app.get(
    '/api/menu/categories',
    {
      schema: {
        tags,
        summary: 'The categories in use, A to Z',
        response: { 200: menuCategoriesResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await listCategories(app.db, requireRestaurantId(request)),
    }),
  );

  app.put(
    '/api/menu/categories',
    {
      schema: {
        tags,
        summary: "Set where a category's items go (an item's own station overrides it)",
        body: menuCategoryStationInputSchema,
        response: { 200: menuCategoryResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await setCategoryStation(app, staffActor(request), request.body),
    }),
  );

  app.delete(
    '/api/menu/samples',
    {
      schema: {
        tags,
        summary: "Remove sign-up's sample items (the restaurant's own items stay)",
        response: { 200: menuSamplesRemovedResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await removeSampleItems(app, staffActor(request)),
    }),
  );

  app.post(
    '/api/menu',
    {
      schema: {
        tags,
        summary: 'Add a menu item',
        body: menuItemInputSchema,
        response: { 201: menuItemResponseSchema },
      },
      preHandler,
    },
    async (request, reply) => {
      const item = await createMenuItem(app, staffActor(request), request.body);
      return reply.status(201).send({ success: true as const, data: item });
    },
  );

  app.put(
    '/api/menu/:id',
    {
      schema: {
        tags,
        summary: 'Edit a menu item, or only flip its special flag',
        params: idParamSchema,
        body: menuItemUpdateSchema,
        response: { 200: menuItemResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      const item = await updateMenuItem(app, staffActor(request), request.params.id, request.body);
      return { success: true as const, data: item };
    },
  );

  app.put(
    '/api/menu/:id/toggle',
    {
      schema: {
        tags,
        summary: 'Make a menu item available or unavailable',
        params: idParamSchema,
        response: { 200: menuItemResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      const item = await toggleMenuItem(app, staffActor(request), request.params.id);
      return { success: true as const, data: item };
    },
  );

  app.delete(
    '/api/menu/:id',
    {
      schema: {
        tags,
        summary: 'Remove a menu item',
        params: idParamSchema,
        response: { 200: deletedResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      await deleteMenuItem(app, staffActor(request), request.params.id);
      return { success: true as const, data: { deleted: true as const } };
    },
  );
};
