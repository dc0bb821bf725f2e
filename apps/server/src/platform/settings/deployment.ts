import type { Deployment } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import type { ServerContext } from '../../core/context.js';

type Ctx = Pick<ServerContext, 'db' | 'bus' | 'database' | 'jobs'>;

/** The database server's version ("PostgreSQL 16.4 …" → "16.4"; PGlite says so too). */
async function databaseVersion(ctx: Pick<Ctx, 'db'>): Promise<string> {
  const result = await ctx.db.execute<{ server_version: string }>(sql`show server_version`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    server_version?: string;
  }[];
  return rows[0]?.server_version ?? 'unknown';
}

/**
 * What the deployment really has (the team's Settings tab, in place of an "auto-scaling" switch
 * that would do nothing): the instance that answered and how long it has run, how events reach
 * the other instances (Redis pub/sub or this process alone) and which instances are alive now
 * (each renews a presence key in Redis every 10 s; one that stops drops out after 30 s), the
 * database and the job queue.
 */
export async function describeDeployment(ctx: Ctx): Promise<Deployment> {
  const self = ctx.bus.self;
  const [instances, version] = await Promise.all([ctx.bus.instances(), databaseVersion(ctx)]);
  return {
    instance: {
      ...self,
      uptimeSeconds: Math.floor(process.uptime()),
      nodeVersion: process.version,
    },
    fanOut: ctx.bus.fanOut,
    instances,
    database: { kind: ctx.database.kind, version },
    jobs: ctx.jobs.kind,
  };
}
