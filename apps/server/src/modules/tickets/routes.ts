import {
  idParamSchema,
  priorityInputSchema,
  stationsFor,
  ticketListQuerySchema,
  ticketListResponseSchema,
  ticketResponseSchema,
  ticketTransitionInputSchema,
} from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden } from '../../core/http/errors.js';
import { requireAuth, requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { staffActor } from '../../core/auth/actors.js';
import { setTicketPriority } from './priority.js';
import { listTickets, transitionTicket } from './service.js';

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Tickets'];

  app.get(
    '/api/tickets',
    {
      schema: {
        tags,
        summary: "A station's open tickets and those it may still recall",
        querystring: ticketListQuerySchema,
        response: { 200: ticketListResponseSchema },
      },
      preHandler: requirePermission('view_kitchen', 'view_bar'),
    },
    async (request) => {
      const { user } = requireAuth(request);
      const { station } = request.query;
      if (!stationsFor(user.role).includes(station))
        throw forbidden(`You cannot view the ${station}`);
      return {
        success: true as const,
        data: await listTickets(app.db, requireRestaurantId(request), station),
      };
    },
  );

  app.post(
    '/api/tickets/:id/transition',
    {
      schema: {
        tags,
        summary: 'Move a ticket: start, ready, back, served or recall',
        params: idParamSchema,
        body: ticketTransitionInputSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_tickets'),
    },
    async (request) => ({
      success: true as const,
      data: await transitionTicket(
        app,
        staffActor(request),
        request.params.id,
        request.body.action,
      ),
    }),
  );

  app.post(
    '/api/tickets/:id/priority',
    {
      schema: {
        tags,
        summary: "Set a ticket's priority: low, normal, high or urgent (table's waiter or manager)",
        params: idParamSchema,
        body: priorityInputSchema,
        response: { 200: ticketResponseSchema, ...errorResponses(404, 409) },
      },
      preHandler: requirePermission('manage_orders'),
    },
    async (request) => ({
      success: true as const,
      data: await setTicketPriority(
        app,
        staffActor(request),
        request.params.id,
        request.body.priority,
      ),
    }),
  );
};
