import { receiptFileName, receiptsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { defineRoute } from '../../core/http/define-route.js';
import { resolvePublicTable } from '../tables/index.js';
import { receiptPdf } from './receipt-pdf-thread.js';
import { guestReceipt } from './service.js';

/**
 * The guest's receipt: the table's code and the visit's session id, which only
 * that party's page holds (the session it started or ordered in), as JSON or as a PDF.
 */
export const receiptGuestRoutes: FastifyPluginAsync<{ config: Config }> = async (
  app,
  { config },
) => {
  defineRoute(
    app,
    receiptsRoutes.getGuestReceipt,
    async (request, reply) => {
      const { token, sessionId, format } = request.query;
      const { table } = await resolvePublicTable(app.db, token, { readOnly: true });
      const receipt = await guestReceipt(app.db, table.id, sessionId);
      if (format === 'pdf') {
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="${receiptFileName(receipt.number)}"`)
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(await receiptPdf({ receipt, copy: false })));
      }
      return { success: true as const, data: receipt };
    },
    { guest: guestAccess(app, config) },
  );
};
