import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from './db/client.js';
import type { ConsumerRunner } from './events/consumers.js';
import type { WorkContext } from './events/unit-of-work.js';
import type { JobRunner } from './jobs/runner.js';
import { createMailer, type Mailer } from './mail/mailer.js';

/**
 * What the server's work runs on, built once per process: the database and the bus (a unit of
 * work's needs), the job queue and the event consumers, the configuration, a logger and the
 * mailer. Services and background work take it (or the part of it they use), never the HTTP
 * app, so the same work can run in a process that serves no requests. The HTTP app carries the
 * same fields, so a route may pass `app` where a service asks for part of a context.
 */
export interface ServerContext extends WorkContext {
  readonly database: Database;
  readonly jobs: JobRunner;
  readonly consumers: ConsumerRunner;
  readonly log: FastifyBaseLogger;
  readonly config: Config;
  /** The SMTP mailer, or null when email is not configured (nothing pretends to send). */
  readonly mailer: Mailer | null;
}

/** The context of the HTTP app's process, from its plugins; the mailer closes with the app. */
export function serverContextOf(app: FastifyInstance, config: Config): ServerContext {
  const mailer = createMailer(
    config.mail ?? { smtpUrl: undefined, from: '', retryDelaySeconds: 60 },
  );
  if (mailer) app.addHook('onClose', async () => mailer.close());
  return {
    db: app.db,
    bus: app.bus,
    database: app.database,
    jobs: app.jobs,
    consumers: app.consumers,
    log: app.log,
    config,
    mailer,
  };
}
