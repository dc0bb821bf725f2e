import { recipientLinkInputSchema, recipientLinkResponseSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../core/http/responses.js';
import { answerLink, lookupLink } from './recipients.js';

/**
 * The links mailed to report recipients (public: the recipient has no account). Reading what a
 * link is for changes nothing; confirming and declining are separate POSTs the page sends when
 * its buttons are pressed, so a mail scanner that opens the link confirms nothing. The token
 * comes in the body, never in a URL a log would keep.
 */
export const recipientLinkRoutes: FastifyPluginAsyncZod<{ publicRateLimit: number }> = async (
  app,
  { publicRateLimit },
) => {
  const tags = ['Report emails'];
  const config = { public: true, rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } };

  app.post(
    '/api/public/report-recipients/lookup',
    {
      schema: {
        tags,
        summary: 'What a confirmation or stop link is for (changes nothing)',
        body: recipientLinkInputSchema,
        response: { 200: recipientLinkResponseSchema, ...errorResponses(404) },
      },
      config,
    },
    async (request) => ({
      success: true as const,
      data: await lookupLink(app.db, request.body.token),
    }),
  );

  app.post(
    '/api/public/report-recipients/confirm',
    {
      schema: {
        tags,
        summary: 'The recipient confirms: the restaurant’s reports may be emailed to the address',
        body: recipientLinkInputSchema,
        response: { 200: recipientLinkResponseSchema, ...errorResponses(404) },
      },
      config,
    },
    async (request) => ({
      success: true as const,
      data: await answerLink(app, request.body.token, 'confirmed'),
    }),
  );

  app.post(
    '/api/public/report-recipients/decline',
    {
      schema: {
        tags,
        summary: 'The recipient declines or stops the reports: the address is never mailed again',
        body: recipientLinkInputSchema,
        response: { 200: recipientLinkResponseSchema, ...errorResponses(404) },
      },
      config,
    },
    async (request) => ({
      success: true as const,
      data: await answerLink(app, request.body.token, 'declined'),
    }),
  );
};
