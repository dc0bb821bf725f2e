import { receiptFileName, receiptsRoutes } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireRestaurantId } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { receiptPdf } from './receipt-pdf-thread.js';
import { staffReceipt } from './service.js';

/**
 * Staff reprint a receipt: by its number, or by an order it covers (the order
 * history's Receipt button). A reprint's PDF is marked COPY.
 */
export const receiptRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, receiptsRoutes.getReceipt, async (request, reply) => {
    const { format, ...by } = request.query;
    const receipt = await staffReceipt(app.db, requireRestaurantId(request), by);
    if (format === 'pdf') {
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receiptFileName(receipt.number)}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(await receiptPdf({ receipt, copy: true })));
    }
    return { success: true as const, data: receipt };
  });
};
