import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../core/http/errors.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { public: true } }, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch {
      throw new AppError('UNAVAILABLE', 'Database unavailable');
    }
    return { success: true as const, data: { status: 'ok', database: app.database.kind } };
  });
};
