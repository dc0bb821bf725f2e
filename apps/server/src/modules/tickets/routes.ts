import { canWorkStation, ticketsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireAuth, requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { refuse } from '../../core/http/errors.js';
import { setTicketPriority } from '../orders/index.js';
import { stationFactsOf } from '../stations/index.js';
import { bumpExpoOrder, listExpo } from './expo.js';
import { listTickets, transitionTicket } from './service.js';

export const ticketRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, ticketsRoutes.listTickets, async (request) => {
    const { user } = requireAuth(request);
    const { station } = request.query;
    const restaurantId = requireRestaurantId(request);
    // A station the restaurant never had is refused as one the caller may not view: a cook
    // learns nothing about which slugs exist elsewhere.
    const facts = await stationFactsOf(app.db, restaurantId, station);
    if (!facts || !canWorkStation(user.role, facts.kind))
      throw refuse('STATION_VIEW_NOT_ALLOWED', { station });
    return {
      success: true as const,
      data: await listTickets(app.db, restaurantId, station),
    };
  });

  defineRoute(app, ticketsRoutes.transitionTicket, async (request) => ({
    success: true as const,
    data: await transitionTicket(app, staffActor(request), request.params.id, request.body.action),
  }));

  defineRoute(app, ticketsRoutes.listExpo, async (request) => ({
    success: true as const,
    data: { orders: await listExpo(app.db, requireRestaurantId(request)) },
  }));

  defineRoute(app, ticketsRoutes.bumpExpoOrder, async (request) => ({
    success: true as const,
    data: await bumpExpoOrder(app, staffActor(request), request.params.id),
  }));

  defineRoute(app, ticketsRoutes.setTicketPriority, async (request) => ({
    success: true as const,
    data: await setTicketPriority(
      app,
      staffActor(request),
      request.params.id,
      request.body.priority,
    ),
  }));
};
