import { setupRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { dismissSetupChecklist, setupChecklist } from './service.js';

/** The owner's setup checklist on the admin's overview (full access, the caller's restaurant). */
export const setupRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, routes.getSetupChecklist, async (request) => ({
    success: true as const,
    data: await setupChecklist(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, routes.dismissSetupChecklist, async (request) => ({
    success: true as const,
    data: await dismissSetupChecklist(app, staffActor(request)),
  }));
};
