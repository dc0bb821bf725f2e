import { reportEmailsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { defineRoute } from '../../core/http/define-route.js';
import { answerLink, lookupLink } from './recipients.js';

/**
 * The links mailed to report recipients (public: the recipient has no account). Reading what a
 * link is for changes nothing; confirming and declining are separate POSTs the page sends when
 * its buttons are pressed, so a mail scanner that opens the link confirms nothing. The token
 * comes in the body, never in a URL a log would keep.
 */
export const recipientLinkRoutes: FastifyPluginAsync<{ publicRateLimit: number }> = async (
  app,
  { publicRateLimit },
) => {
  // Public, so limited per address like the guest routes.
  const options = { config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } } };

  defineRoute(
    app,
    reportEmailsRoutes.lookupRecipientLink,
    async (request) => ({
      success: true as const,
      data: await lookupLink(app.db, request.body.token),
    }),
    options,
  );

  defineRoute(
    app,
    reportEmailsRoutes.confirmRecipientLink,
    async (request) => ({
      success: true as const,
      data: await answerLink(app, request.body.token, 'confirmed'),
    }),
    options,
  );

  defineRoute(
    app,
    reportEmailsRoutes.declineRecipientLink,
    async (request) => ({
      success: true as const,
      data: await answerLink(app, request.body.token, 'declined'),
    }),
    options,
  );
};
