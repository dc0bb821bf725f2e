import { stationsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { createStation, deactivateStation, listStations, updateStation } from './service.js';

export const stationRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, stationsRoutes.listStations, async (request) => ({
    success: true as const,
    data: await listStations(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, stationsRoutes.createStation, async (request, reply) => {
    const station = await createStation(app, staffActor(request), request.body);
    return reply.code(201).send({ success: true as const, data: station });
  });

  defineRoute(app, stationsRoutes.updateStation, async (request) => ({
    success: true as const,
    data: await updateStation(app, staffActor(request), request.params.id, request.body),
  }));

  defineRoute(app, stationsRoutes.deactivateStation, async (request) => ({
    success: true as const,
    data: await deactivateStation(app, staffActor(request), request.params.id),
  }));
};
