import { integrationsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { createApiKey, listApiKeys, revokeApiKey, rollApiKey } from './service.js';

export const integrationRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, integrationsRoutes.listApiKeys, async (request) => ({
    success: true as const,
    data: { keys: await listApiKeys(app.db, requireRestaurantId(request)) },
  }));

  defineRoute(app, integrationsRoutes.createApiKey, async (request, reply) => {
    const data = await createApiKey(app, staffActor(request), request.body);
    // The only answer with the secret: no cache may keep it.
    reply.header('cache-control', 'no-store').code(201);
    return { success: true as const, data };
  });

  defineRoute(app, integrationsRoutes.revokeApiKey, async (request) => ({
    success: true as const,
    data: await revokeApiKey(app, staffActor(request), request.params.id),
  }));

  defineRoute(app, integrationsRoutes.rollApiKey, async (request, reply) => {
    const data = await rollApiKey(app, staffActor(request), request.params.id);
    reply.header('cache-control', 'no-store');
    return { success: true as const, data };
  });
};
