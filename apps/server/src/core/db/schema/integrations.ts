/** Integrations: the restaurant's API keys and webhooks. */
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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

/**
 * A restaurant's webhook endpoint. Its signing secret must be read back to sign, so it is kept
 * encrypted with the server's key (`secretBox`), never hashed. During a roll the previous secret
 * signs too, until `previousSecretUntil`.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    url: text().notNull(),
    description: text().notNull().default(''),
    /** Public event types (`order.created`, …); empty: every type. */
    eventTypes: text().array().notNull().default([]),
    /** Deliver one at a time, in the order the events happened. */
    ordered: boolean().notNull().default(false),
    enabled: boolean().notNull().default(true),
    /** Why it was turned off: by a person (`manual`) or after a day of failures (`failing`). */
    disabledReason: text(),
    secretEncrypted: text().notNull(),
    previousSecretEncrypted: text(),
    previousSecretUntil: timestamp({ withTimezone: true }),
    /** The first failure since its last success; cleared by a success. */
    failingSince: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_restaurant_idx').on(t.restaurantId, t.createdAt)],
);

/**
 * One event for one endpoint, and what became of it: the delivery log and the queue at once
 * (`nextAttemptAt` is when it is due; null once it succeeded or gave up).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** The stable `webhook-id` (from the event's id): the same on every attempt. */
    messageId: text().notNull(),
    /** The event's number in its restaurant (null for a test event): the order of delivery. */
    eventSeq: bigint({ mode: 'number' }),
    eventType: text().notNull(),
    /** The public payload, exactly as sent (the body is its JSON). */
    payload: jsonb().notNull(),
    /** pending, succeeded, failed (gave up). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** A claim by a delivering instance, so two never send the same attempt. */
    lockedUntil: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    responseStatus: integer(),
    latencyMs: integer(),
    /** The first bytes of the answer, or why there was none. */
    responseBody: text(),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_message_unique').on(t.endpointId, t.messageId),
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/**
 * A restaurant's own Stripe account, connected by its admin. Both secrets (the API secret key
 * and the webhook endpoint's signing secret) must be read back to call Stripe and to check its
 * notifications, so they are kept encrypted with the server's key (`secretBox`); the
 * publishable key is public by design (every guest's card form loads with it).
 */
export const stripeAccounts = pgTable('stripe_accounts', {
  restaurantId: tenantId().primaryKey(),
  secretKeyEncrypted: text().notNull(),
  publishableKey: text().notNull(),
  webhookSecretEncrypted: text().notNull(),
  /** The secret key's prefix and last four (`sk_test_…4242`): what the admin sees. */
  secretKeyHint: text().notNull(),
  webhookSecretHint: text().notNull(),
  /** test or live, from the keys' prefix. */
  mode: text({ enum: ['test', 'live'] }).notNull(),
  connectedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  connectedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
