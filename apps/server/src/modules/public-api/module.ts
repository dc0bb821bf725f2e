import type { FastifyPluginAsync } from 'fastify';
import { defineModule, type ModuleRouteOptions } from '../../core/module.js';
import { publicApiRoutes } from './routes.js';

const routes: FastifyPluginAsync<ModuleRouteOptions> = async (app, { config }) => {
  await app.register(publicApiRoutes, { publicPerMinute: config.rateLimits.public });
};

/** The public API (`/api/v1`), called with the restaurant's API keys. */
export const publicApiModule = defineModule({
  name: 'public-api',
  routes: [routes],
});
