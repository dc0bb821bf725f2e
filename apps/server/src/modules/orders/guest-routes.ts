import { placedOrderResponseSchema, placeOrderInputSchema } from '@tavola/contract';
import { errorResponses } from '../../core/http/responses.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { assertGuestsCanOrder } from '../../platform/plans/index.js';
import { placePublicOrder } from './service.js';

const idempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .trim()
    .min(8, 'Idempotency-Key must be 8 to 200 characters')
    .max(200, 'Idempotency-Key must be 8 to 200 characters')
    .optional(),
});

/** A guest places an order (spec §7); a retry with the same Idempotency-Key replays it. */
export const orderGuestRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const access = guestAccess(app, config);

  app.post(
    '/api/orders/public',
    {
      schema: {
        tags: ['Orders'],
        summary: 'Place an order from a table (201; a retry with the same Idempotency-Key: 200)',
        body: placeOrderInputSchema,
        headers: idempotencyHeaders,
        response: {
          200: placedOrderResponseSchema,
          201: placedOrderResponseSchema,
          ...errorResponses(403, 404, 409, 422),
        },
      },
      ...access,
    },
    async (request, reply) => {
      await assertGuestsCanOrder(app.db, request.body.token);
      const order = await placePublicOrder(app, request.body, request.headers['idempotency-key']);
      return reply.status(order.replayed ? 200 : 201).send({ success: true as const, data: order });
    },
  );
};
