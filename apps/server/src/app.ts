import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import rateLimit from '@fastify/rate-limit';
import websocket from '@fastify/websocket';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createDatabase, type Database } from './core/db/client.js';
import { redactUrl, serializeError } from './core/lib/log-safety.js';
import {
  MemoryCounterStore,
  RedisCounterStore,
  type CounterStore,
} from './core/lib/rate-limiter.js';
import { RedisEventBus } from './core/events/redis-bus.js';
import { serverContextOf } from './core/context.js';
import { registerModules } from './core/module.js';
import { restaurantModules } from './modules/index.js';
import { platformAreas } from './platform/index.js';
import type { EventBus } from './core/events/bus.js';
import { eventsPlugin } from './core/events/plugin.js';
import { jobsPlugin } from './core/jobs/plugin.js';
import { consumersPlugin } from './core/events/consumers-plugin.js';
import { authPlugin, isPermissionGuard } from './core/auth/plugin.js';
import { responseTimesPlugin } from './core/http/response-times.js';
import { boundConnectionsOnClose } from './core/http/shutdown.js';
import type { Permission, RouteScope } from '@tavola/contract';
import { databasePlugin } from './core/db/plugin.js';
import { refuse } from './core/http/errors.js';
import { addRouteErrors } from './core/http/responses.js';
import { swaggerPlugin } from './core/http/swagger.js';
import {
  answerClientError,
  answerFrameworkError,
  refusal,
  routeNotFound,
  registerErrorHandler,
} from './core/http/error-handler.js';

export interface RouteInfo {
  method: string;
  url: string;
  public: boolean;
  /** The permissions the route needs (any one), or null when any signed-in user may call it. */
  permissions: Permission[] | null;
  /** Who may call it, and its `operationId`, when it is registered from its contract entry. */
  scope: RouteScope | null;
  operationId: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeList: RouteInfo[];
    /** Rate-limit counters, shared by every instance through Redis when `REDIS_URL` is set. */
    counters: CounterStore;
  }
}

export interface AppDeps {
  /** An already open database; when given, the app does not close it. */
  database?: Database;
  /** The event bus (Redis-backed across instances); in-process when not given. */
  bus?: EventBus;
  /** Where logs go (tests capture them); defaults to stdout. */
  logStream?: NodeJS.WritableStream;
}

const MAX_BODY_BYTES = 100 * 1024;
/** How long requests at work may still take once shutdown has begun. */
const SHUTDOWN_GRACE_MS = 3000;

/**
 * How long events are kept once every consumer has handled them: beyond the realtime replay
 * window (a day), with room to look back at a week of what screens were told.
 */
const EVENTS_KEEP_DAYS = 7;

export { redactUrl };

export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  let appLog: FastifyBaseLogger | null = null;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token'],
      serializers: {
        err: serializeError,
        req: (req: { method: string; url: string; ip?: string; id: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          ip: req.ip,
        }),
      },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors before any route runs answer in the envelope too.
    frameworkErrors: (error, _request, reply) => answerFrameworkError(error, reply),
    clientErrorHandler: (error, socket) => answerClientError(appLog, error, socket),
    // Fastify's own 503 while closing skips the envelope: the hook below answers instead.
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  appLog = app.log;

  // Requests that arrive on a kept-alive connection once shutdown has begun (Fastify then adds
  // `Connection: close`); those already in flight finish.
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.addHook('onRequest', async () => {
    if (shuttingDown) {
      throw refuse('SERVER_SHUTTING_DOWN');
    }
  });

  // Connections do not hold a shutdown: idle ones end at once, requests at work get a grace.
  boundConnectionsOnClose(app, SHUTDOWN_GRACE_MS);

  // Every route the app registers, so fuzzing and isolation tests cover new routes by themselves.
  const routeList: RouteInfo[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    // A `requirePermission` guard becomes route config, checked right after authentication.
    const guard = [route.preHandler].flat().find(isPermissionGuard);
    if (guard) {
      route.config = { ...route.config, permissions: guard.permissions };
      const rest = [route.preHandler].flat().filter((h) => h && h !== guard);
      route.preHandler = rest.length ? (rest as typeof route.preHandler) : undefined;
    }
    const config = (route.config ?? {}) as {
      public?: boolean;
      permissions?: Permission[];
      scope?: RouteScope;
      operationId?: string;
    };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeList.push({
        method,
        url: route.url,
        public: config.public === true,
        permissions: config.permissions ?? null,
        scope: config.scope ?? null,
        operationId: config.operationId ?? null,
      });
    }
    addRouteErrors(route);
  });

  app.setValidatorCompiler(validatorCompiler);
  // Development and tests check every response against its contract schema (and drop what the
  // schema does not name), so a service that drifts from the contract fails loudly there. In
  // production the response is written as the service built it: the check cost a third of the
  // staff menu's throughput on the embedded database (see bench/README.md).
  app.setSerializerCompiler(
    config.env === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler,
  );
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // Security headers on every answer: the ones Helmet writes for these options, worked out once
  // (the policy above all is parsed here), not again for each request.
  const securityHeaders = headersOf(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Menu images are https URLs (the menu schema refuses http).
          'img-src': ["'self'", 'data:', 'blob:', 'https:'],
          // The API and /ws are on the page's own origin; 'self' covers same-origin ws: and wss:.
          // Stripe's card form (a guest paying at a restaurant that connected Stripe) is Stripe's
          // script and frames, and talks to Stripe's API: its documented hosts, nothing wider.
          'connect-src': ["'self'", 'https://api.stripe.com'],
          'script-src': ["'self'", 'https://js.stripe.com'],
          'frame-src': ['https://js.stripe.com', 'https://hooks.stripe.com'],
          'upgrade-insecure-requests': null,
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of securityHeaders) reply.raw.setHeader(name, value);
    done();
  });
  const database = deps.database ?? (await openDatabase(config));
  // Every key and channel in Redis is this deployment's own: another deployment sharing the
  // Redis server (with its own database) neither shares its limits nor hears its events.
  const redisPrefix = config.redisUrl
    ? (config.redisKeyPrefix ?? (await redisPrefixOf(database)))
    : '';
  // Limits hold across instances: counters live in Redis when it is configured.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app) : null;
  const counters: CounterStore = redis
    ? new RedisCounterStore(redis, `${redisPrefix}count:`, (err) =>
        app.log.warn({ err }, 'rate limits: Redis unreachable, counting per instance'),
      )
    : new MemoryCounterStore();
  app.decorate('counters', counters);
  await app.register(rateLimit, {
    global: false,
    // While Redis is unreachable the per-IP limits are skipped rather than refusing every
    // request; sign-in attempts per username and calls per table still count per instance.
    ...(redis ? { redis, nameSpace: `${redisPrefix}rl:`, skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      ...refusal('REQUESTS_RATE_LIMITED', {
        seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
    }),
  });

  await app.register(websocket, {
    options: { maxPayload: 16 * 1024 },
    // Screens are told the server is going away (1001: they reconnect to another instance)
    // rather than shown a close without a reason; one that does not answer is cut after a second.
    preClose(this: FastifyInstance, done) {
      for (const client of this.websocketServer.clients) {
        client.close(1001, 'Server shutting down');
        setTimeout(() => client.terminate(), 1000).unref();
      }
      this.websocketServer.close();
      done();
    },
  });

  // The app's own plugins.
  await app.register(databasePlugin, { database, closeOnShutdown: !deps.database });
  const bus =
    deps.bus ??
    (config.redisUrl
      ? await RedisEventBus.connect(config.redisUrl, redisPrefix, (err) =>
          app.log.warn({ err }, 'redis error'),
        )
      : undefined);
  await app.register(eventsPlugin, bus ? { bus } : {});
  // After the bus: revocations reach the cached session checks through it.
  await app.register(authPlugin, {
    failedTokensPerMinute: config.rateLimits.failedTokens,
    apiKeyPerSecond: config.rateLimits.apiKeyPerSecond,
    apiKeyPerWindow: config.rateLimits.apiKeyPerWindow,
  });
  await app.register(responseTimesPlugin);
  await app.register(jobsPlugin, { config: config.jobs });
  await app.register(consumersPlugin, {
    config: { tickSeconds: config.jobs.tickSeconds, keepEventsDays: EVENTS_KEEP_DAYS },
  });
  // Before the modules: it documents every route registered after it.
  await app.register(swaggerPlugin, { config });

  // The modules and the platform's areas, from their manifests: routes, jobs, schedules and
  // consumers, all built on the one server context.
  const ctx = serverContextOf(app, config);
  await registerModules(app, ctx, [...restaurantModules, ...platformAreas]);

  if (config.webDist) await registerWebApp(app, config.webDist);
  return app;
}

/**
 * The headers a middleware that only sets fixed headers writes (Helmet's, whose options here
 * name no per-request value such as a nonce), so they are set without running it again.
 */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
      return recorder;
    },
    // Helmet drops `X-Powered-By`, which Node never sends.
    removeHeader() {},
  };
  let done = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('the security headers middleware did not finish at once');
  return headers;
}

/** A Redis client for the rate limits, closed with the app. */
async function connectRedis(url: string, app: FastifyInstance): Promise<Redis> {
  // Fail fast while Redis is away (no queue of commands waiting for it); it reconnects by itself.
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
  });
  redis.on('error', () => undefined);
  await redis.connect();
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

/** The default prefix of a deployment's Redis keys: a digest of its database's identity. */
export async function redisPrefixOf(database: Database): Promise<string> {
  const digest = createHash('sha256')
    .update(await database.identity())
    .digest('hex');
  return `tavola:${digest.slice(0, 16)}:`;
}

async function openDatabase(config: Config): Promise<Database> {
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  return database;
}

/** Serves the built single-page app, with the SPA fallback for every non-API path. */
async function registerWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    throw new Error(`Web app not built: ${index} is missing (run npm run build)`);
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      // Vite fingerprints assets, so they can be cached for good; index.html never.
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  app.get('/*', { config: { public: true } }, async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url.startsWith('/api/') || url === '/api' || url.startsWith('/ws')) {
      return reply.status(404).send(routeNotFound(request.method, url));
    }
    const file = path.join(
      dist,
      path.normalize(decodeURIComponent(url)).replace(/^(\.\.[/\\])+/, ''),
    );
    if (file.startsWith(dist + path.sep) && path.extname(file) && fs.existsSync(file)) {
      return reply.sendFile(path.relative(dist, file));
    }
    if (path.extname(url) && url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
