import type { RestaurantUsage } from '@tavola/contract';
import type { ServerContext } from '../../core/context.js';
import { restaurantDataSize } from '../../core/db/data-size.js';
import type { ResponseTimes } from '../../core/http/response-times.js';
import { getTenant } from './queries.js';

/**
 * What one restaurant costs the platform, for the team (these figures left the restaurant's own
 * overview: a restaurant has no use for the server's uptime or the database's bytes). Uptime and
 * response times are this server process's; storage is the database's.
 */
export async function restaurantUsage(
  ctx: Pick<ServerContext, 'db'> & { responseTimes: ResponseTimes },
  restaurantId: string,
): Promise<RestaurantUsage> {
  await getTenant(ctx.db, restaurantId);
  const tables = await restaurantDataSize(ctx.db, restaurantId);
  const uptimeSeconds = process.uptime();
  return {
    server: {
      uptimeSeconds: Math.floor(uptimeSeconds),
      startedAt: new Date(Date.now() - uptimeSeconds * 1000).toISOString(),
    },
    storage: {
      rows: tables.reduce((n, t) => n + t.rows, 0),
      bytes: tables.reduce((n, t) => n + t.bytes, 0),
      tables,
    },
    responseTimes: {
      windowMinutes: ctx.responseTimes.windowMinutes,
      ...ctx.responseTimes.summary(restaurantId),
    },
  };
}
