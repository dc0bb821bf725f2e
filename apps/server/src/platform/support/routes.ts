import {
  idParamSchema,
  supportMessageCreateSchema,
  supportReplySchema,
  supportStatusChangeSchema,
  supportTicketCreateSchema,
  supportTicketListQuerySchema,
  supportTicketListResponseSchema,
  supportTicketResponseSchema,
} from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffActor, teamMember } from '../../core/auth/actors.js';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses } from '../../core/http/responses.js';
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
 * Support tickets (issue 14, item 6). A restaurant's admin and managers (`manage_settings`) open
 * tickets and read their own restaurant's, never another's; the team (`manage_platform`) reads
 * every restaurant's, answers and moves their status.
 */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const restaurantSide = requirePermission('manage_settings');
  const teamSide = requirePermission('manage_platform');

  app.get(
    '/api/support/tickets',
    {
      schema: {
        tags: ['Support'],
        summary: "The restaurant's support tickets with their messages",
        response: { 200: supportTicketListResponseSchema },
      },
      preHandler: restaurantSide,
    },
    async (request) => ({
      success: true as const,
      data: await listRestaurantTickets(app.db, requireRestaurantId(request)),
    }),
  );

  app.post(
    '/api/support/tickets',
    {
      schema: {
        tags: ['Support'],
        summary: 'Open a support ticket to the Tavola team',
        body: supportTicketCreateSchema,
        response: { 201: supportTicketResponseSchema, ...errorResponses(409, 429) },
      },
      preHandler: restaurantSide,
    },
    async (request, reply) => {
      const ticket = await openTicket(app, staffActor(request), request.body);
      return reply.status(201).send({ success: true as const, data: ticket });
    },
  );

  app.post(
    '/api/support/tickets/:id/messages',
    {
      schema: {
        tags: ['Support'],
        summary: "Write again on one of the restaurant's tickets (a resolved one opens again)",
        params: idParamSchema,
        body: supportMessageCreateSchema,
        response: { 200: supportTicketResponseSchema, ...errorResponses(404) },
      },
      preHandler: restaurantSide,
    },
    async (request) => ({
      success: true as const,
      data: await restaurantReply(
        app,
        staffActor(request),
        request.params.id,
        request.body.message,
      ),
    }),
  );

  app.get(
    '/api/platform/support/tickets',
    {
      schema: {
        tags: ['Platform'],
        summary: "Every restaurant's support tickets: counts by status and the list",
        querystring: supportTicketListQuerySchema,
        response: { 200: supportTicketListResponseSchema },
      },
      preHandler: teamSide,
    },
    async (request) => ({
      success: true as const,
      data: await listAllTickets(app.db, request.query),
    }),
  );

  app.get(
    '/api/platform/support/tickets/:id',
    {
      schema: {
        tags: ['Platform'],
        summary: 'One support ticket with its messages',
        params: idParamSchema,
        response: { 200: supportTicketResponseSchema, ...errorResponses(404) },
      },
      preHandler: teamSide,
    },
    async (request) => ({
      success: true as const,
      data: await getTicket(app.db, request.params.id),
    }),
  );

  app.post(
    '/api/platform/support/tickets/:id/messages',
    {
      schema: {
        tags: ['Platform'],
        summary: 'Answer a support ticket (optionally moving its status)',
        params: idParamSchema,
        body: supportReplySchema,
        response: { 200: supportTicketResponseSchema, ...errorResponses(404) },
      },
      preHandler: teamSide,
    },
    async (request) => ({
      success: true as const,
      data: await teamReply(app, teamMember(request), request.params.id, request.body),
    }),
  );

  app.put(
    '/api/platform/support/tickets/:id/status',
    {
      schema: {
        tags: ['Platform'],
        summary: "Move a support ticket's status",
        params: idParamSchema,
        body: supportStatusChangeSchema,
        response: { 200: supportTicketResponseSchema, ...errorResponses(404) },
      },
      preHandler: teamSide,
    },
    async (request) => ({
      success: true as const,
      data: await setTicketStatus(app, teamMember(request), request.params.id, request.body.status),
    }),
  );
};
