import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import type { JobsConfig } from './core/jobs/plugin.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const urlWithScheme = (schemes: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return schemes.includes(new URL(v).protocol.replace(':', ''));
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')}` },
  );

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  DATABASE_URL: urlWithScheme(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithScheme(['redis', 'rediss']).optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, {
      error: 'must be 1 to 64 letters, digits or : _ . -',
    })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: booleanFlag.optional(),
  PUBLIC_URL: z.url({ error: 'must be a full URL such as https://order.example.com' }).optional(),
  WEB_DIST: z.string().optional(),
  SESSION_TTL_HOURS: z.coerce.number({ error: 'must be a number' }).positive().max(720).default(24),
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  PUBLIC_RATE_LIMIT: z.coerce.number().int().positive().default(300),
  WS_CONNECT_RATE_LIMIT: z.coerce.number().int().positive().default(120),
  SIGNUP_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  FAILED_TOKEN_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  API_KEY_RATE_LIMIT: z.coerce.number().int().positive().optional(),
  API_KEY_WINDOW_LIMIT: z.coerce.number().int().positive().optional(),
  TRUST_PROXY: booleanFlag.default(false),
  WS_HEARTBEAT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** How often idle tables' sessions are looked for (0 turns the sweep off, e.g. on a read replica). */
  SESSION_SWEEP_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'must be 0 (off) or between 1 and 3600')
    .max(3600, 'must be 0 (off) or between 1 and 3600')
    .default(60),
  /** The background job queue (pg-boss in the database): scheduled backups and reports. */
  JOBS: booleanFlag.default(true),
  JOBS_POLL_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .min(0.5, 'must be between 0.5 and 60')
    .max(60, 'must be between 0.5 and 60')
    .default(2),
  /** How often scheduled work (automatic backups) looks for what is due. */
  JOBS_TICK_SECONDS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 3600')
    .max(3600, 'must be between 1 and 3600')
    .default(60),
  /** The most one backup may hold before compression, in MB (a backup is built in memory). */
  BACKUP_MAX_MB: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 4096')
    .max(4096, 'must be between 1 and 4096')
    .default(256),
  /** The SMTP server reports are emailed through (smtp:// or smtps://, user and password in it). */
  SMTP_URL: urlWithScheme(['smtp', 'smtps']).optional(),
  /** The sender of those emails. */
  MAIL_FROM: z
    .string()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      error: 'must be an email address, optionally with a name: Tavola <reports@example.com>',
    })
    .default('Tavola <reports@tavola.invalid>'),
  /**
   * The key that encrypts secrets the server must read back (webhook signing secrets). Unset: a
   * key kept in DATA_DIR/secrets.key, made on first start; several instances must share one.
   */
  SECRETS_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Development and tests only: webhooks may use http:// to this machine (a local receiver). */
  WEBHOOKS_ALLOW_LOOPBACK_HTTP: booleanFlag.default(false),
  /**
   * Development and tests only: printers on any TCP port. Off: 9100–9109 (raw printing's
   * ports), so a printer's address cannot aim the server's bytes at another service.
   */
  PRINTERS_ALLOW_ANY_PORT: booleanFlag.default(false),
  /**
   * Where the server calls Stripe's API (https://api.stripe.com by default). Another address is
   * for tests and development against a local stand-in: http:// is accepted for this machine's
   * loopback only.
   */
  STRIPE_API_BASE: urlWithScheme(['https', 'http']).optional(),
});

/** Email: off unless an SMTP server is configured; nothing pretends to send. */
export interface MailConfig {
  /** The SMTP server, or undefined: email is not configured and nothing is sent. */
  smtpUrl: string | undefined;
  from: string;
  /**
   * Seconds before a failed email is tried again (doubling each time, three retries); a minute
   * in production, less in tests.
   */
  retryDelaySeconds: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /**
   * Prefix of every key and channel Tavola keeps in Redis (rate-limit counters, events, instance
   * presence): instances with the same prefix share them. Unset: derived from the database's
   * identity, so the instances of one deployment share and another deployment on the same Redis
   * does not.
   */
  redisKeyPrefix: string | undefined;
  dataDir: string;
  logLevel: string;
  /** Seed the demo restaurant and accounts; on by default only for the embedded database. */
  seedDemo: boolean;
  publicUrl: string | undefined;
  /** Folder of the built web app to serve; unset serves the API only. */
  webDist: string | undefined;
  sessionTtlHours: number;
  rateLimits: {
    /**
     * Sign-in requests per minute from one IP. Attempts on one username have their own limits
     * (modules/auth/login-throttle.ts).
     */
    login: number;
    /** Public (guest) calls per minute from one IP, and for one table token. */
    public: number;
    /** WebSocket connection attempts per minute from one IP (a restaurant's screens share one). */
    wsConnect: number;
    /**
     * Self-serve sign-up attempts per hour from one IP (POST /api/signup); 10 when left out
     * (tests that build their own limits need not name it).
     */
    signup?: number;
    /**
     * Calls with an invalid bearer token per minute from one IP before the address is refused
     * (429) for the rest of the minute; 60 when left out.
     */
    failedTokens?: number;
    /**
     * Calls per second, and per quarter of an hour, with one API key (every instance together);
     * the contract's API_KEY_LIMITS when left out.
     */
    apiKeyPerSecond?: number;
    apiKeyPerWindow?: number;
  };
  trustProxy: boolean;
  /** How often WebSocket clients are pinged; one missed pong and they are dropped. */
  wsHeartbeatMs: number;
  /**
   * How often this instance closes dining sessions left idle with no orders (milliseconds; 0: never).
   * Several instances may sweep at once: each session is closed once.
   */
  sessionSweepMs: number;
  /**
   * Background jobs. Off: a sent job runs at once in this process and nothing is scheduled (tests
   * that do not need the queue).
   */
  jobs: JobsConfig;
  /** The most one backup may hold before compression; 256 MB when left out. */
  backupMaxBytes?: number;
  /** Reports by email; left out (tests that build their own config): not configured. */
  mail?: MailConfig;
  /** See SECRETS_KEY; undefined: the data folder's key (or, in memory, one for this process). */
  secretsKey?: string | undefined;
  webhooks?: {
    /**
     * Let endpoints be http:// on this machine's loopback addresses (development and tests with
     * a local receiver). Off: https only, public addresses only.
     */
    allowLoopbackHttp: boolean;
  };
  printers?: {
    /** Printers on any port (tests with a local emulator); off: 9100–9109 only. */
    allowAnyPort: boolean;
  };
  /** Stripe's API address; left out: https://api.stripe.com. */
  stripe?: { apiBase: string | undefined };
}

export class ConfigError extends Error {}

/** Reads and validates configuration once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty value (`DATABASE_URL=` in a .env file) means unset.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    sessionTtlHours: e.SESSION_TTL_HOURS,
    rateLimits: {
      login: e.LOGIN_RATE_LIMIT,
      public: e.PUBLIC_RATE_LIMIT,
      wsConnect: e.WS_CONNECT_RATE_LIMIT,
      signup: e.SIGNUP_RATE_LIMIT,
      failedTokens: e.FAILED_TOKEN_RATE_LIMIT,
      apiKeyPerSecond: e.API_KEY_RATE_LIMIT,
      apiKeyPerWindow: e.API_KEY_WINDOW_LIMIT,
    },
    trustProxy: e.TRUST_PROXY,
    wsHeartbeatMs: e.WS_HEARTBEAT_MS,
    sessionSweepMs: e.SESSION_SWEEP_SECONDS * 1000,
    jobs: { enabled: e.JOBS, pollSeconds: e.JOBS_POLL_SECONDS, tickSeconds: e.JOBS_TICK_SECONDS },
    backupMaxBytes: e.BACKUP_MAX_MB * 1024 * 1024,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, retryDelaySeconds: 60 },
    secretsKey: e.SECRETS_KEY,
    webhooks: { allowLoopbackHttp: e.WEBHOOKS_ALLOW_LOOPBACK_HTTP },
    printers: { allowAnyPort: e.PRINTERS_ALLOW_ANY_PORT },
    stripe: { apiBase: e.STRIPE_API_BASE },
  };
}

/** A configuration for tests: in-memory database, quiet logs, generous limits unless overridden. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    host: '127.0.0.1',
    port: 0,
    databaseUrl: undefined,
    redisUrl: undefined,
    // Each test app has its own keys; instances that must share pass the same prefix.
    redisKeyPrefix: `tavola-test-${randomUUID()}:`,
    dataDir: ':memory:',
    logLevel: 'silent',
    seedDemo: true,
    publicUrl: undefined,
    webDist: undefined,
    sessionTtlHours: 24,
    rateLimits: {
      login: 1000,
      public: 10_000,
      wsConnect: 10_000,
      signup: 1000,
      failedTokens: 10_000,
    },
    trustProxy: false,
    wsHeartbeatMs: 30_000,
    // Tests sweep by calling the sweep (or turn the timer on) themselves.
    sessionSweepMs: 0,
    // The queue starts only in tests about scheduled work (jobs then run inline, at once).
    jobs: { enabled: false, pollSeconds: 0.5, tickSeconds: 60 },
    // Email is off unless a test starts its own SMTP server.
    mail: { smtpUrl: undefined, from: 'Tavola <reports@tavola.test>', retryDelaySeconds: 1 },
    // One key for every test app, so apps sharing a database open each other's secrets.
    secretsKey: 'tavola-test-secrets-key-never-used-in-production',
    // Off, as in production: webhook tests with a local receiver turn it on.
    webhooks: { allowLoopbackHttp: false },
    // Off, as in production: printer tests with a local emulator turn it on.
    printers: { allowAnyPort: false },
    ...overrides,
  };
}
