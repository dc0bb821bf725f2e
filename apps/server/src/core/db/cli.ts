import { loadConfig } from '../../config.js';
import { createDatabase } from './client.js';
import { seedDemo } from './seed.js';

/** `npm run db:migrate` and `npm run db:seed` (seed always seeds: it was asked for). */
async function run(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const database = await createDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    if (command === 'seed') {
      const result = await seedDemo(database.db);
      console.log(
        result.created
          ? 'Demo restaurant seeded.'
          : 'Demo restaurant already present; nothing to do.',
      );
    } else {
      console.log('Migrations applied.');
    }
  } finally {
    await database.close();
  }
}

run(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
