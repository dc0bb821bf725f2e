import { coursesRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { listCourseSettings, putCourses } from './service.js';

export const courseRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, coursesRoutes.listCourses, async (request) => ({
    success: true as const,
    data: await listCourseSettings(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, coursesRoutes.putCourses, async (request) => ({
    success: true as const,
    data: await putCourses(app, staffActor(request), request.body),
  }));
};
