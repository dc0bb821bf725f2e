/**
 * Staff and team accounts, their sign-in sessions, mailed account links and failed sign-ins.
 */
import { ACCOUNT_TOKEN_PURPOSES, ROLES, SUPPORTED_LOCALES, USER_STATUSES } from '@tavola/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { restaurants } from './restaurants.js';

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Null only for the platform team. */
    restaurantId: uuid().references(() => restaurants.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    passwordHash: text().notNull(),
    role: text({ enum: ROLES }).notNull().default('waiter'),
    /** Permissions granted beyond the role's own (the role's come from the contract). */
    extraPermissions: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text().notNull(),
    email: text(),
    /** When the account's owner proved `email` is theirs (a link mailed to it); null: not yet. */
    emailVerifiedAt: timestamp({ withTimezone: true }),
    status: text({ enum: USER_STATUSES }).notNull().default('active'),
    /** The language the account's screens speak (one with a catalog). */
    locale: text({ enum: SUPPORTED_LOCALES }).notNull().default('en'),
    shift: text(),
    /**
     * How far they may go with one discount, set by a manager: a percentage in basis points and
     * an amount in the restaurant's currency; null for no limit of that kind.
     */
    discountLimitPercentBps: integer(),
    discountLimitCents: bigint({ mode: 'number' }),
    lastLoginAt: timestamp({ withTimezone: true }),
    /** Two-factor sign-in: the TOTP secret, set when enrolment is confirmed. */
    totpSecret: text(),
    totpEnabledAt: timestamp({ withTimezone: true }),
    /** Hashes of the unused recovery codes. */
    totpRecoveryCodes: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(sql`lower(${t.username})`),
    index('users_restaurant_idx').on(t.restaurantId),
    check('users_team_has_no_restaurant', sql`(${t.role} = 'team') = (${t.restaurantId} IS NULL)`),
    check(
      'users_discount_limit_range',
      sql`(${t.discountLimitPercentBps} IS NULL OR ${t.discountLimitPercentBps} BETWEEN 0 AND 10000) AND (${t.discountLimitCents} IS NULL OR ${t.discountLimitCents} >= 0)`,
    ),
  ],
);

/** Staff sign-in sessions: only a hash of the bearer token is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique('auth_sessions_token_hash_unique'),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
    /** The last request made with this session (updated at most once a minute). */
    lastSeenAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * Single-use links mailed to an account (an email address to verify, a password to reset): only
 * a hash of the token is kept, with its expiry and when it was used.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** The address the link was mailed to (what a verification proves). */
    email: text().notNull(),
    tokenHash: text().notNull().unique('account_tokens_token_hash_unique'),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
);

/** A failed staff sign-in: the admin's Security tab lists the restaurant's recent ones. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    /** Null when the username matches no account. */
    restaurantId: uuid().references(() => restaurants.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    username: text().notNull(),
    ip: text(),
    userAgent: text(),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_restaurant_idx').on(t.restaurantId, t.createdAt)],
);
