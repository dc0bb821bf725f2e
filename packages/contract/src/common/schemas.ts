import { z } from 'zod';
import { successResponseSchema } from './envelope.js';

/** DELETE /api/menu/{id} and DELETE /api/tables/{id}. */
export const deletedResponseSchema = successResponseSchema(z.object({ deleted: z.literal(true) }));

/** Prices in both currencies (decimal amounts) as the guest page shows them. */
export const dualPriceSchema = z.object({ eur: z.number(), usd: z.number() });

export type DualPrice = z.infer<typeof dualPriceSchema>;

export const idParamSchema = z.object({
  id: z.uuid({ error: 'id must be a valid identifier' }),
});
