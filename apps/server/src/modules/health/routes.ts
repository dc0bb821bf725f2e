import { healthRoutes as routes } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { refuse } from '../../core/http/errors.js';
import { defineRoute } from '../../core/http/define-route.js';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  defineRoute(app, routes.getHealth, async () => {
    try {
      await app.db.execute(sql`select 1`);
    } catch {
      throw refuse('DATABASE_UNAVAILABLE');
    }
    return {
      success: true as const,
      data: { status: 'ok' as const, database: app.database.kind },
    };
  });
};
