import { platformRoutes, restaurantAccountRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { staffActor, teamMember } from '../../core/auth/actors.js';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import {
  getTicket,
  listAllTickets,
  listRestaurantTickets,
  openTicket,
  restaurantReply,
  setTicketStatus,
  teamReply,
} from './service.js';

/**
 * Support tickets. A restaurant's admin and managers (`manage_settings`) open tickets and read
 * their own restaurant's, never another's; the team (`manage_platform`) reads every restaurant's,
 * answers and moves their status.
 */
export const supportRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, restaurantAccountRoutes.listSupportTickets, async (request) => ({
    success: true as const,
    data: await listRestaurantTickets(app.db, requireRestaurantId(request)),
  }));

  defineRoute(app, restaurantAccountRoutes.openSupportTicket, async (request, reply) => {
    const ticket = await openTicket(app, staffActor(request), request.body);
    return reply.status(201).send({ success: true as const, data: ticket });
  });

  defineRoute(app, restaurantAccountRoutes.writeSupportTicket, async (request) => ({
    success: true as const,
    data: await restaurantReply(app, staffActor(request), request.params.id, request.body.message),
  }));

  defineRoute(app, platformRoutes.listAllSupportTickets, async (request) => ({
    success: true as const,
    data: await listAllTickets(app.db, request.query),
  }));

  defineRoute(app, platformRoutes.getSupportTicket, async (request) => ({
    success: true as const,
    data: await getTicket(app.db, request.params.id),
  }));

  defineRoute(app, platformRoutes.answerSupportTicket, async (request) => ({
    success: true as const,
    data: await teamReply(app, teamMember(request), request.params.id, request.body),
  }));

  defineRoute(app, platformRoutes.setSupportTicketStatus, async (request) => ({
    success: true as const,
    data: await setTicketStatus(app, teamMember(request), request.params.id, request.body.status),
  }));
};
