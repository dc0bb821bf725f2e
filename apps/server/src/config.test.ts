import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: port 3000, PGlite in ./data, demo seeded', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.seedDemo).toBe(true);
    // Idle tables are looked for every minute.
    expect(config.sessionSweepMs).toBe(60_000);
    expect(loadConfig({ SESSION_SWEEP_SECONDS: '0' }).sessionSweepMs).toBe(0);
    // The job queue runs, polls every 2 s and looks for due work every minute.
    expect(config.jobs).toEqual({ enabled: true, pollSeconds: 2, tickSeconds: 60 });
    expect(config.backupMaxBytes).toBe(256 * 1024 * 1024);
    expect(loadConfig({ JOBS: 'false', JOBS_TICK_SECONDS: '5' }).jobs).toMatchObject({
      enabled: false,
      tickSeconds: 5,
    });
  });

  it('sends no email unless an SMTP server is configured, from MAIL_FROM', () => {
    expect(loadConfig({}).mail).toMatchObject({ smtpUrl: undefined });
    const mail = loadConfig({
      SMTP_URL: 'smtps://reports:secret@mail.example.com:465',
      MAIL_FROM: 'Trattoria <reports@example.com>',
    }).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://reports:secret@mail.example.com:465',
      from: 'Trattoria <reports@example.com>',
      retryDelaySeconds: 60,
    });
    expect(loadConfig({ MAIL_FROM: 'reports@example.com' }).mail?.from).toBe('reports@example.com');
  });

  it('derives the Redis prefix from the database unless REDIS_KEY_PREFIX names one', () => {
    expect(loadConfig({}).redisKeyPrefix).toBeUndefined();
    expect(loadConfig({ REDIS_KEY_PREFIX: 'tavola:shop-one:' }).redisKeyPrefix).toBe(
      'tavola:shop-one:',
    );
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'two words' })).toThrow(
      /REDIS_KEY_PREFIX: must be 1 to 64 letters, digits or : _ \. -/,
    );
  });

  it('does not seed known passwords into PostgreSQL unless asked', () => {
    const url = 'postgres://u@localhost/db';
    expect(loadConfig({ DATABASE_URL: url }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: url, SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT: must be a number'],
    [{ PORT: '70000' }, 'PORT: must be between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a URL starting with postgres://'],
    [{ REDIS_URL: 'localhost:6379' }, 'REDIS_URL: must be a URL starting with redis://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO: must be true or false'],
    [
      { SESSION_SWEEP_SECONDS: '-1' },
      'SESSION_SWEEP_SECONDS: must be 0 (off) or between 1 and 3600',
    ],
    [{ JOBS: 'sometimes' }, 'JOBS: must be true or false'],
    [{ JOBS_TICK_SECONDS: '0' }, 'JOBS_TICK_SECONDS: must be between 1 and 3600'],
    [{ BACKUP_MAX_MB: '0' }, 'BACKUP_MAX_MB: must be between 1 and 4096'],
    [
      { SMTP_URL: 'mail.example.com:25' },
      'SMTP_URL: must be a URL starting with smtp:// or smtps://',
    ],
    [{ MAIL_FROM: 'Tavola' }, 'MAIL_FROM: must be an email address'],
  ])('stops with a message naming the bad value %j', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
