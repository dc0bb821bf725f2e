import { setupChecklistResponseSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
import { dismissSetupChecklist, setupChecklist } from './service.js';

/** The owner's setup checklist on the admin's overview (full access, the caller's restaurant). */
export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('full_access');
  const tags = ['Setup'];

  app.get(
    '/api/setup/checklist',
    {
      schema: {
        tags,
        summary: "A new restaurant's setup steps, each done or not by its own data",
        response: { 200: setupChecklistResponseSchema },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await setupChecklist(app.db, requireRestaurantId(request)),
    }),
  );

  app.post(
    '/api/setup/checklist/dismiss',
    {
      schema: {
        tags,
        summary: 'Put the finished checklist away',
        response: { 200: setupChecklistResponseSchema, ...errorResponses(409) },
      },
      preHandler,
    },
    async (request) => ({
      success: true as const,
      data: await dismissSetupChecklist(app, staffActor(request)),
    }),
  );
};
