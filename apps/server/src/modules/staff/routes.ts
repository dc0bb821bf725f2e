import {
  idParamSchema,
  staffCreateSchema,
  staffUpdateSchema,
  WS_CLOSE,
  WS_REVOKED,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireStaff } from '../../core/auth/plugin.js';
import { createStaff, deactivateStaff, listStaff, updateStaff } from './service.js';

/** Staff accounts are created by the manager (spec §2). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = requirePermission('manage_staff');

  app.get('/api/staff', { preHandler }, async (request) => {
    const { user, restaurantId } = requireStaff(request);
    return { success: true as const, data: await listStaff(app.db, user, restaurantId) };
  });

  app.post(
    '/api/staff',
    { schema: { body: staffCreateSchema }, preHandler },
    async (request, reply) => {
      const { user, restaurantId } = requireStaff(request);
      const staff = await createStaff(app.db, user, restaurantId, request.body);
      return reply.status(201).send({ success: true as const, data: staff });
    },
  );

  app.put(
    '/api/staff/:id',
    { schema: { params: idParamSchema, body: staffUpdateSchema }, preHandler },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      const staff = await updateStaff(app.db, user, restaurantId, request.params.id, request.body);
      // The account's live screens end with its sessions (revoked by the update).
      const { status, role, password } = request.body;
      const why =
        status === 'inactive'
          ? WS_REVOKED.deactivated
          : role !== undefined
            ? WS_REVOKED.roleChanged
            : password !== undefined
              ? WS_REVOKED.passwordChanged
              : null;
      if (why) app.disconnectSockets({ userId: request.params.id }, WS_CLOSE.unauthorized, why);
      return { success: true as const, data: staff };
    },
  );

  app.delete(
    '/api/staff/:id',
    { schema: { params: idParamSchema }, preHandler },
    async (request) => {
      const { user, restaurantId } = requireStaff(request);
      const staff = await deactivateStaff(app.db, user, restaurantId, request.params.id);
      app.disconnectSockets(
        { userId: request.params.id },
        WS_CLOSE.unauthorized,
        WS_REVOKED.deactivated,
      );
      return { success: true as const, data: staff };
    },
  );
};
