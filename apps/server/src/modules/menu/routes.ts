import { menuRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
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
import { orderMenu } from './order-menu.js';
import { staffMenuCache, staffMenuScope } from './staff-menu-cache.js';
import { getMenuTranslations, setMenuTranslations } from './translations-service.js';
import { exportMenu, importMenu } from './menu-csv-service.js';
import { menuImportTemplate } from './menu-csv.js';
import {
  createOptionGroup,
  deleteOptionGroup,
  listOptionGroups,
  setItemOptionGroups,
  toggleOption,
  updateOptionGroup,
} from './options-service.js';

/**
 * The manager's menu (manager, admin or `manage_menu`), and the menu staff ring up orders from;
 * always the caller's restaurant.
 */
export const menuRoutes: FastifyPluginAsync = async (app) => {
  const staffMenus = staffMenuCache(app);
  defineRoute(app, routes.listMenu, async (request, reply) => {
    const restaurantId = requireRestaurantId(request);
    const { limit } = request.query;
    const body = await staffMenus.getOrLoad(`${restaurantId}:${limit}`, async () => ({
      value: JSON.stringify({ success: true, data: await listMenu(app.db, restaurantId, limit) }),
      scopes: [staffMenuScope(restaurantId)],
    }));
    return reply.type('application/json; charset=utf-8').send(body);
  });

  defineRoute(app, routes.getOrderMenu, async (request) => ({
    success: true as const,
    data: await orderMenu(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, routes.listMenuCategories, async (request) => ({
    success: true as const,
    data: await listCategories(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, routes.setMenuCategoryStation, async (request) => ({
    success: true as const,
    data: await setCategoryStation(app, staffActor(request), request.body),
  }));

  defineRoute(app, routes.getMenuTranslations, async (request) => ({
    success: true as const,
    data: await getMenuTranslations(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, routes.setMenuTranslations, async (request) => ({
    success: true as const,
    data: await setMenuTranslations(app, staffActor(request), request.params.locale, request.body),
  }));

  defineRoute(app, routes.removeMenuSamples, async (request) => ({
    success: true as const,
    data: await removeSampleItems(app, staffActor(request)),
  }));

  defineRoute(app, routes.importMenu, async (request) => ({
    success: true as const,
    data: await importMenu(app, staffActor(request), request.body),
  }));

  defineRoute(app, routes.exportMenu, async (request, reply) => {
    const csv = await exportMenu(app.db, requireRestaurantId(request));
    reply.header('content-disposition', 'attachment; filename="menu.csv"');
    return reply.type('text/csv; charset=utf-8').send(csv);
  });

  defineRoute(app, routes.getMenuImportTemplate, async (_request, reply) => {
    reply.header('content-disposition', 'attachment; filename="menu-template.csv"');
    return reply.type('text/csv; charset=utf-8').send(menuImportTemplate());
  });

  defineRoute(app, routes.createMenuItem, async (request, reply) => {
    const item = await createMenuItem(app, staffActor(request), request.body);
    return reply.status(201).send({ success: true as const, data: item });
  });

  defineRoute(app, routes.updateMenuItem, async (request) => {
    const item = await updateMenuItem(app, staffActor(request), request.params.id, request.body);
    return { success: true as const, data: item };
  });

  defineRoute(app, routes.toggleMenuItem, async (request) => {
    const item = await toggleMenuItem(app, staffActor(request), request.params.id);
    return { success: true as const, data: item };
  });

  defineRoute(app, routes.deleteMenuItem, async (request) => {
    await deleteMenuItem(app, staffActor(request), request.params.id);
    return { success: true as const, data: { deleted: true as const } };
  });

  defineRoute(app, routes.listOptionGroups, async (request) => ({
    success: true as const,
    data: await listOptionGroups(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, routes.createOptionGroup, async (request, reply) => {
    const group = await createOptionGroup(app, staffActor(request), request.body);
    return reply.status(201).send({ success: true as const, data: group });
  });

  defineRoute(app, routes.updateOptionGroup, async (request) => ({
    success: true as const,
    data: await updateOptionGroup(app, staffActor(request), request.params.id, request.body),
  }));

  defineRoute(app, routes.deleteOptionGroup, async (request) => {
    await deleteOptionGroup(app, staffActor(request), request.params.id);
    return { success: true as const, data: { deleted: true as const } };
  });

  defineRoute(app, routes.toggleOption, async (request) => ({
    success: true as const,
    data: await toggleOption(app, staffActor(request), request.params.id, request.params.optionId),
  }));

  defineRoute(app, routes.setItemOptionGroups, async (request) => ({
    success: true as const,
    data: await setItemOptionGroups(app, staffActor(request), request.params.id, request.body),
  }));
};
