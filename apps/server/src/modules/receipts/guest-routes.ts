import { publicReceiptQuerySchema, receiptFileName, receiptResponseSchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { guestAccess } from '../../core/http/guest-access.js';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import { resolvePublicTable } from '../tables/index.js';
import { receiptPdf } from './receipt-pdf-thread.js';
import { guestReceipt } from './service.js';

/**
 * The guest's receipt (issue 16, item 2): the table's code and the visit's session id, which only
 * that party's page holds (the session it started or ordered in), as JSON or as a PDF.
 */
export const receiptGuestRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const access = guestAccess(app, config);

  app.get(
    '/api/receipts/public',
    {
      schema: {
        tags: ['Receipts'],
        summary: "The receipt of the guest's paid visit, as JSON or PDF",
        querystring: publicReceiptQuerySchema,
        response: {
          200: {
            description: 'format=json: the receipt; pdf: the file',
            content: {
              'application/json': { schema: receiptResponseSchema },
              ...fileContent('application/pdf'),
            },
          },
          ...errorResponses(403, 404, 503),
        },
      },
      ...access,
    },
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
  );
};
