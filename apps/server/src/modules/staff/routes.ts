import {
  idParamSchema,
  staffCreateSchema,
  staffListResponseSchema,
  staffMemberResponseSchema,
  staffUpdateSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../core/http/responses.js';
import { staffActor } from '../../core/auth/actors.js';
import { requirePermission, requireStaff } from '../../core/auth/plugin.js';
import { createStaff, deactivateStaff, listStaff, updateStaff } from './service.js';

/** Staff accounts are created by the manager (spec §2). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_staff');

  const tags = ['Staff'];

  app.get(
    '/api/staff',
    {
      schema: {
        tags,
        summary: "The restaurant's staff accounts",
        response: { 200: staffListResponseSchema },
      },
      preHandler,
    },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      return { success: true as const, data: await listStaff(app.db, user, restaurantId) };
    },
  );

  app.post(
    '/api/staff',
    {
      schema: {
        tags,
        summary: 'Create a staff account',
        body: staffCreateSchema,
        response: { 201: staffMemberResponseSchema, ...errorResponses(409) },
      },
      preHandler,
    },
    async (request, reply) => {
      const staff = await createStaff(app, staffActor(request), request.body);
      return reply.status(201).send({ success: true as const, data: staff });
    },
  );

  app.put(
    '/api/staff/:id',
    {
      schema: {
        tags,
        summary: 'Change a staff account (its sessions end on a role, password or status change)',
        params: idParamSchema,
        body: staffUpdateSchema,
        response: { 200: staffMemberResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      const staff = await updateStaff(app, staffActor(request), request.params.id, request.body);
      return { success: true as const, data: staff };
    },
  );

  app.delete(
    '/api/staff/:id',
    {
      schema: {
        tags,
        summary: 'Deactivate a staff account',
        params: idParamSchema,
        response: { 200: staffMemberResponseSchema, ...errorResponses(404) },
      },
      preHandler,
    },
    async (request) => {
      const staff = await deactivateStaff(app, staffActor(request), request.params.id);
      return { success: true as const, data: staff };
    },
  );
};
