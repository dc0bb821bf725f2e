// Run by fleet.mjs under the checkout's own tsx: migrates a PostgreSQL database and seeds the demo
// restaurant without its weeks of history, with that checkout's seed code (so "before" and
// "after" builds each get their own schema and menu).
// Usage: tsx bench/seed-template.mjs <checkout root> <database url>
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [from, url] = process.argv.slice(2);
const src = (file) => pathToFileURL(path.join(from, 'apps/server/src/core/db', file)).href;
const { createDatabase } = await import(src('client.ts'));
const { seedDemo } = await import(src('seed.ts'));
const database = await createDatabase({ url });
try {
  await database.migrate();
  const { restaurantId } = await seedDemo(database.db, { history: false });
  console.log(JSON.stringify({ restaurantId }));
} finally {
  await database.close();
}
