/** Integrations: the restaurant's API keys. */
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { tenantId } from './restaurants.js';
import { users } from './users.js';

/**
 * A restaurant's API key. The secret itself is never stored: `secretHash` is the SHA-256 of the
 * whole key, which is how a request finds its key. `start` and `last4` are what the list shows.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    secretHash: text().notNull().unique('api_keys_secret_hash_unique'),
    /** The key's first characters (its prefix and four more), shown in the list. */
    start: text().notNull(),
    last4: text().notNull(),
    scopes: text().array().notNull(),
    allowedSources: text().array().notNull().default([]),
    expiresAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    requestCount: bigint({ mode: 'number' }).notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('api_keys_restaurant_idx').on(t.restaurantId, t.createdAt)],
);
