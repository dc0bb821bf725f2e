import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { SharedLimiter } from '../lib/rate-limiter.js';
import { refuse } from './errors.js';

export interface GuestAccess {
  /** Route config: no staff token, and the per-IP limit for public calls. */
  config: { public: true; rateLimit: { max: number; timeWindow: string } };
  /** Runs after validation (the token is known to be a short string): the per-table limit. */
  preHandler: (request: FastifyRequest) => Promise<void>;
}

/**
 * The guest's calls have no account: each domain's guest routes use these options,
 * rate limited per IP (@fastify/rate-limit) and per table token (shared by every instance when
 * Redis is configured, and by every domain's guest routes, which count against one budget).
 */
export function guestAccess(app: FastifyInstance, config: Config): GuestAccess {
  const perToken = new SharedLimiter(app.counters, 'table', config.rateLimits.public, 60_000);
  return {
    config: { public: true, rateLimit: { max: config.rateLimits.public, timeWindow: '1 minute' } },
    preHandler: async (request) => {
      const source = (request.body ?? request.query) as { token?: string } | undefined;
      const wait = await perToken.hit(source?.token ?? '');
      if (wait > 0) {
        throw refuse('TABLE_RATE_LIMITED', { seconds: Math.ceil(wait / 1000) });
      }
    },
  };
}
