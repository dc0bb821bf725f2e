import { requestsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { defineRoute } from '../../core/http/define-route.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { callWaiter, requestPayment } from './service.js';

/** A guest calls a waiter or asks for the bill. */
export const requestGuestRoutes: FastifyPluginAsync<{ config: Config }> = async (
  app,
  { config },
) => {
  const guest = guestAccess(app, config);

  defineRoute(
    app,
    requestsRoutes.callWaiter,
    async (request) => ({
      success: true as const,
      data: await callWaiter(app, request.body.token, request.body.message),
    }),
    { guest },
  );

  defineRoute(
    app,
    requestsRoutes.requestPayment,
    async (request) => ({
      success: true as const,
      data: await requestPayment(app, request.body.token, request.body.method, request.body.how),
    }),
    { guest },
  );
};
