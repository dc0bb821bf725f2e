import { receiptFileName, receiptResponseSchema, staffReceiptQuerySchema } from '@tavola/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePermission, requireRestaurantId } from '../../core/auth/plugin.js';
import { errorResponses, fileContent } from '../../core/http/responses.js';
import { receiptPdf } from './receipt-pdf-thread.js';
import { staffReceipt } from './service.js';

/**
 * Staff reprint a receipt (issue 16, item 2): by its number, or by an order it covers (the order
 * history's Receipt button). A reprint's PDF is marked COPY.
 */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/receipts',
    {
      schema: {
        tags: ['Receipts'],
        summary: 'A receipt by its number or by one of its orders, as JSON or PDF (marked COPY)',
        querystring: staffReceiptQuerySchema,
        response: {
          200: {
            description: 'format=json: the receipt; pdf: the file',
            content: {
              'application/json': { schema: receiptResponseSchema },
              ...fileContent('application/pdf'),
            },
          },
          ...errorResponses(404, 503),
        },
      },
      // Whoever records payments (waiters) or reads the order history (managers) may reprint.
      preHandler: requirePermission('manage_orders', 'view_reports'),
    },
    async (request, reply) => {
      const { format, ...by } = request.query;
      const receipt = await staffReceipt(app.db, requireRestaurantId(request), by);
      if (format === 'pdf') {
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            `attachment; filename="${receiptFileName(receipt.number)}"`,
          )
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(await receiptPdf({ receipt, copy: true })));
      }
      return { success: true as const, data: receipt };
    },
  );
};
