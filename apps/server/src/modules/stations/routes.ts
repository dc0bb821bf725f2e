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

  defineRoute(app, stationsRoutes.createStation, async (request) => ({
    success: true as const,
    data: await createStation(app, staffActor(request), request.body),
  }));

  defineRoute(app, stationsRoutes.updateStation, async (request) => ({
    success: true as const,
    data: await updateStation(app, staffActor(request), request.params.id, request.body),
  }));

  defineRoute(app, stationsRoutes.deactivateStation, async (request) => ({
    success: true as const,
    data: await deactivateStation(app, staffActor(request), request.params.id),
  }));
};
