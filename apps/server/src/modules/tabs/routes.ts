import { tabsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { defineRoute } from '../../core/http/define-route.js';
import { placeTabOrder } from '../orders/index.js';
import { closeTab, getTab, listTabs, openTab } from './service.js';

/** Bar tabs, counter orders and takeaways: opened, listed and rung up by staff. */
export const tabRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, tabsRoutes.openTab, async (request, reply) => {
    const tab = await openTab(app, staffActor(request), request.body);
    return reply.status(201).send({ success: true as const, data: tab });
  });

  defineRoute(app, tabsRoutes.listTabs, async (request) => {
    const actor = staffActor(request);
    return { success: true as const, data: await listTabs(app.db, actor.restaurantId) };
  });

  defineRoute(app, tabsRoutes.getTab, async (request) => {
    const actor = staffActor(request);
    return {
      success: true as const,
      data: await getTab(app.db, actor.restaurantId, request.params.id),
    };
  });

  defineRoute(app, tabsRoutes.placeTabOrder, async (request, reply) => {
    const order = await placeTabOrder(
      app,
      staffActor(request),
      request.params.id,
      request.body,
      request.headers['idempotency-key'],
    );
    return reply.status(order.replayed ? 200 : 201).send({ success: true as const, data: order });
  });

  defineRoute(app, tabsRoutes.closeTab, async (request) => ({
    success: true as const,
    data: await closeTab(app, staffActor(request), request.params.id),
  }));
};
