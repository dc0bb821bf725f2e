import { staffRoutes as routes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { defineRoute } from '../../core/http/define-route.js';
import { staffActor } from '../../core/auth/actors.js';
import { requireStaff } from '../../core/auth/plugin.js';
import {
  createStaff,
  deactivateStaff,
  listStaff,
  setStaffPermissions,
  updateStaff,
} from './service.js';

/** Staff accounts are created by the manager. */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, routes.listStaff, async (request) => {
    const { user, restaurantId } = requireStaff(request);
    return { success: true as const, data: await listStaff(app.db, user, restaurantId) };
  });

  defineRoute(app, routes.createStaff, async (request, reply) => {
    const staff = await createStaff(app, staffActor(request), request.body);
    return reply.status(201).send({ success: true as const, data: staff });
  });

  defineRoute(app, routes.updateStaff, async (request) => {
    const staff = await updateStaff(app, staffActor(request), request.params.id, request.body);
    return { success: true as const, data: staff };
  });

  defineRoute(app, routes.setStaffPermissions, async (request) => {
    const staff = await setStaffPermissions(
      app,
      staffActor(request),
      request.params.id,
      request.body.granted,
    );
    return { success: true as const, data: staff };
  });

  defineRoute(app, routes.deactivateStaff, async (request) => {
    const staff = await deactivateStaff(app, staffActor(request), request.params.id);
    return { success: true as const, data: staff };
  });
};
