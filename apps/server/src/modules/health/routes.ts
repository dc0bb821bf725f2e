import { healthResponseSchema } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../core/http/errors.js';
import { errorResponses } from '../../core/http/responses.js';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['Health'],
        summary: 'Whether the server and its database answer',
        response: { 200: healthResponseSchema, ...errorResponses(503) },
      },
      config: { public: true },
    },
    async () => {
      try {
        await app.db.execute(sql`select 1`);
      } catch {
        throw new AppError('UNAVAILABLE', 'Database unavailable');
      }
      return {
        success: true as const,
        data: { status: 'ok' as const, database: app.database.kind },
      };
    },
  );
};
