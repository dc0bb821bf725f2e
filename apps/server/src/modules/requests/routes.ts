import { requestsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { defineRoute } from '../../core/http/define-route.js';
import { respondToNotification } from './respond.js';

/** Staff answer what a table asked for (a new table, a new order, a call, a bill). */
export const requestRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, requestsRoutes.respondToTable, async (request) => {
    await respondToNotification(
      app,
      staffActor(request),
      request.params.id,
      request.body.type,
      request.body.refId,
    );
    return { success: true as const, data: { responded: request.body.type } };
  });
};
