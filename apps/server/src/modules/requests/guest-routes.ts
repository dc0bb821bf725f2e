import {
  callWaiterInputSchema,
  guestRequestResponseSchema,
  requestPaymentInputSchema,
} from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { callWaiter, requestPayment } from './service.js';

/** A guest calls a waiter or asks for the bill (spec §7). */
export const requestGuestRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const access = guestAccess(app, config);

  app.post(
    '/api/tables/public/call-waiter',
    {
      schema: {
        tags: ['Requests'],
        summary: "Call a waiter to the guest's table",
        body: callWaiterInputSchema,
        response: { 200: guestRequestResponseSchema, ...errorResponses(404, 409) },
      },
      ...access,
    },
    async (request) => ({
      success: true as const,
      data: await callWaiter(app, request.body.token, request.body.message),
    }),
  );

  app.post(
    '/api/tables/public/request-payment',
    {
      schema: {
        tags: ['Requests'],
        summary: 'Ask for the bill',
        body: requestPaymentInputSchema,
        response: { 200: guestRequestResponseSchema, ...errorResponses(404, 409) },
      },
      ...access,
    },
    async (request) => ({
      success: true as const,
      data: await requestPayment(app, request.body.token, request.body.method),
    }),
  );
};
