import { settingsRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { defineRoute } from '../../core/http/define-route.js';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { readSettings, updateSettings } from './service.js';

/** The restaurant's own settings, for its manager or admin (`manage_settings`). */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, routes.getRestaurantSettings, async (request) => ({
    success: true as const,
    data: await readSettings(app.db, requireRestaurantId(request)),
  }));
  defineRoute(app, routes.updateRestaurantSettings, async (request) => ({
    success: true as const,
    data: await updateSettings(app, staffActor(request), request.body),
  }));
};
