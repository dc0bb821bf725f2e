import {
  canWorkStation,
  TICKET_RECALL_MINUTES,
  ticketsRoutes,
  type StationKind,
} from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor } from '../../core/auth/actors.js';
import { requireAuth, requireRestaurantId } from '../../core/auth/plugin.js';
import { cachesOf, liveScope } from '../../core/cache/hub.js';
import { defineRoute } from '../../core/http/define-route.js';
import { refuse } from '../../core/http/errors.js';
import { setTicketPriority } from '../orders/index.js';
import { stationFactsOf } from '../stations/index.js';
import { bumpExpoOrder, listExpo } from './expo.js';
import { listTickets, transitionTicket } from './service.js';

/** A station's kind (null: the restaurant has no such station) and its list, as written JSON. */
interface StationList {
  kind: StationKind | null;
  body: string;
}

export const ticketRoutes: FastifyPluginAsync = async (app) => {
  // One answer per restaurant and station, the same for everyone who may work the station (who
  // may is checked on every call, against the kind kept beside it): until any event of the
  // restaurant, or the moment its oldest recallable ticket leaves the recall list.
  const lists = cachesOf(app.bus).cache<StationList>('station-tickets', {
    maxEntries: 10_000,
    ttlMs: 60_000,
  });
  defineRoute(app, ticketsRoutes.listTickets, async (request, reply) => {
    const { user } = requireAuth(request);
    const { station } = request.query;
    const restaurantId = requireRestaurantId(request);
    const list = await lists.getOrLoad(`${restaurantId}\n${station}`, async () => {
      const scopes = [liveScope(restaurantId)];
      const facts = await stationFactsOf(app.db, restaurantId, station);
      if (!facts) return { value: { kind: null, body: '' }, scopes };
      const data = await listTickets(app.db, restaurantId, station);
      const servedTimes = data.recentlyServed.map((t) => Date.parse(t.servedTime!));
      return {
        value: { kind: facts.kind, body: JSON.stringify({ success: true, data }) },
        scopes,
        expiresAt: servedTimes.length
          ? Math.min(...servedTimes) + TICKET_RECALL_MINUTES * 60_000
          : undefined,
      };
    });
    // A station the restaurant never had is refused as one the caller may not view: a cook
    // learns nothing about which slugs exist elsewhere.
    if (list.kind === null || !canWorkStation(user.role, list.kind))
      throw refuse('STATION_VIEW_NOT_ALLOWED', { station });
    return reply.type('application/json; charset=utf-8').send(list.body);
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
