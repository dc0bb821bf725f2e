import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/core/db/schema/index.ts',
  out: './drizzle',
  // Column names are the snake_case of their keys (restaurantId -> restaurant_id).
  casing: 'snake_case',
});
