import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDatabase } from './core/db/client.js';
import { seedDemo } from './core/db/seed.js';

/** The longest a shutdown may take before the process exits anyway (see `shutdown`). */
const FORCE_EXIT_MS = 20_000;

function defaultWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../web/dist'), path.resolve(here, '../web/dist')];
  return candidates.find((c) => fs.existsSync(path.join(c, 'index.html')));
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  config.webDist ??= defaultWebDist();
  // The embedded database is the one-machine setup of `npm start`: its table codes point at this
  // machine. With PostgreSQL (a real deployment) codes wait for PUBLIC_URL or the restaurant's
  // own address; the server never takes it from a request's Host header.
  if (!config.databaseUrl) config.publicUrl ??= `http://localhost:${config.port}`;

  // Until the app's logger exists, a lost connection is written to stderr.
  let onDatabaseError = (err: Error) => console.error('database connection lost:', err.message);
  const database = await createDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    onError: (err) => onDatabaseError(err),
    // Queries still running at shutdown get this long before the pool closes under them.
    drainMs: 5000,
  });
  await database.migrate();
  if (config.seedDemo) await seedDemo(database.db);

  const app = await buildApp(config, { database });
  onDatabaseError = (err) =>
    app.log.warn({ message: err.message }, 'database connection lost; the pool replaces it');
  // onClose runs once the HTTP server has stopped and the sockets are closed; the database
  // then waits for the queries still in flight before it closes.
  app.addHook('onClose', async () => database.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Every step of closing is bounded (requests 3 s, jobs 3 s, queries 5 s: 11 s when each
    // takes all of its time, as on a loaded machine); this is the upper bound of the whole,
    // above their sum, should something still hang.
    const force = setTimeout(() => {
      app.log.error(`shutdown did not finish within ${FORCE_EXIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, FORCE_EXIT_MS);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  app.log.info(
    `Tavola is serving http://localhost:${config.port} (database: ${where}${config.webDist ? '' : ', API only: web app not built'})`,
  );
}

main().catch((error: unknown) => {
  console.error('Tavola failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
});
