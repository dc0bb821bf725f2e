/** Printers, the stations' printer choices and the print jobs (docs/decisions/0016-printers.md). */
import { sql } from 'drizzle-orm';
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
import { createdAt, updatedAt } from './columns.js';
import { tenantId } from './restaurants.js';

/**
 * A print agent: a program on a machine in the restaurant that signs in with its device token
 * (stored as SHA-256, like an API key), keeps one outbound WebSocket to the server and prints to
 * the printers on its network. It can print and report status, nothing else.
 */
export const printAgents = pgTable(
  'print_agents',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    tokenHash: text().notNull().unique('print_agents_token_hash_unique'),
    /** The token's first characters, shown in the list. */
    tokenStart: text().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('print_agents_restaurant_idx').on(t.restaurantId)],
);

/**
 * A network printer the server reaches over raw TCP (port 9100). `status` is what it last said
 * (its status bytes) or that it could not be reached; `receipt` marks the restaurant's receipt
 * printer (one at most).
 */
export const printers = pgTable(
  'printers',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    name: text().notNull(),
    host: text().notNull(),
    port: integer().notNull().default(9100),
    commandSet: text({ enum: ['epson', 'star'] })
      .notNull()
      .default('epson'),
    codePage: text().notNull().default('cp858'),
    columns: integer().notNull().default(42),
    receipt: boolean().notNull().default(false),
    /** Reached through this agent (on the restaurant's network) rather than by the server. */
    agentId: uuid().references(() => printAgents.id, { onDelete: 'set null' }),
    status: text().notNull().default('unknown'),
    lastSeenAt: timestamp({ withTimezone: true }),
    lastError: text(),
    statusChangedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('printers_restaurant_idx').on(t.restaurantId),
    uniqueIndex('printers_one_receipt_printer')
      .on(t.restaurantId)
      .where(sql`${t.receipt}`),
  ],
);

/**
 * One thing to print, queued: a station's ticket (keyed by the event that announced it, so a
 * repeated consumer batch adds nothing), a receipt, a Z report or a test page. `document` is
 * what to print, rendered for whichever printer takes it. A queue (`station:grill`, `receipt`,
 * `printer:<id>`) prints in `queueSeq` order, one job at a time. `printed` means the printer
 * took every byte and then said it was fine.
 */
export const printJobs = pgTable(
  'print_jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    restaurantId: tenantId(),
    queueSeq: bigint({ mode: 'number' }).notNull().generatedByDefaultAsIdentity(),
    sourceKey: text().notNull(),
    kind: text({ enum: ['ticket', 'receipt', 'z_report', 'test'] }).notNull(),
    queue: text().notNull(),
    station: text(),
    title: text().notNull(),
    document: jsonb().notNull(),
    /** A test page's own printer; a station's and a receipt's are looked up when it prints. */
    printerId: uuid().references(() => printers.id, { onDelete: 'cascade' }),
    /** Whether it goes to the station's backup now (after failures on the main printer). */
    onBackup: boolean().notNull().default(false),
    status: text({ enum: ['pending', 'printed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    /** Failed attempts on the printer it goes to now (the main, or the backup). */
    failuresHere: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    printedOn: uuid().references(() => printers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    printedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('print_jobs_source_unique').on(t.restaurantId, t.sourceKey),
    index('print_jobs_pending_idx')
      .on(t.restaurantId, t.queue, t.queueSeq)
      .where(sql`${t.status} = 'pending'`),
    index('print_jobs_recent_idx').on(t.restaurantId, t.createdAt),
  ],
);
