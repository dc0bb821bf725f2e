import { getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  accountTokens,
  auditLog,
  apiKeys,
  authSessions,
  backups,
  businessDays,
  consumerCursors,
  counters,
  dailyTotals,
  eventConsumers,
  diningSessions,
  discountReasons,
  discounts,
  emailVolume,
  events,
  loginFailures,
  menuCategories,
  menuItemOptionGroups,
  menuItems,
  menuOptions,
  optionGroups,
  orderItems,
  orders,
  paymentAllocations,
  paymentRefunds,
  payments,
  planChanges,
  platformEvents,
  platformSettings,
  receipts,
  reportEmailLog,
  reportRecipientLinks,
  reportRecipients,
  reportSchedules,
  requests,
  restaurants,
  reviews,
  printAgents,
  printers,
  printJobs,
  stations,
  courses,
  stripeAccounts,
  supportMessages,
  supportTickets,
  tables,
  tickets,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../core/db/schema.js';

/**
 * What a backup holds: every table a restaurant owns rows in, in the order a restore inserts them
 * (a row's parents first). Each is scoped by `restaurant_id`, the restaurants table by its `id`.
 * A table added to the schema must be listed here or in NOT_BACKED_UP with a reason: the
 * round-trip test enumerates the schema and fails otherwise.
 */
export const BACKUP_TABLES: readonly PgTable[] = [
  restaurants,
  counters,
  users,
  reportSchedules,
  tables,
  printers,
  stations,
  courses,
  menuCategories,
  menuItems,
  optionGroups,
  menuOptions,
  menuItemOptionGroups,
  diningSessions,
  reviews,
  orders,
  orderItems,
  discountReasons,
  discounts,
  tickets,
  requests,
  payments,
  paymentAllocations,
  paymentRefunds,
  receipts,
  businessDays,
  events,
  auditLog,
  planChanges,
  dailyTotals,
  loginFailures,
  reportEmailLog,
];

/** Tables of the schema a backup leaves out, and why (written into every backup's manifest). */
export const NOT_BACKED_UP: ReadonlyMap<PgTable, string> = new Map<PgTable, string>([
  [
    authSessions,
    'Sign-in sessions are credentials of the moment: a restored copy must never sign anyone in.',
  ],
  [
    accountTokens,
    'Email verification and password reset links are single-use credentials of the moment: a restored copy must never open an account.',
  ],
  [
    platformEvents,
    "The Tavola team's own record about the restaurant (onboarding, suspension), not the restaurant's data.",
  ],
  [backups, 'A backup does not contain earlier backups.'],
  [
    apiKeys,
    'API keys are credentials: a restored copy must never let an integration in. The restaurant creates new keys.',
  ],
  [
    supportTickets,
    "Support tickets are the restaurant's correspondence with the Tavola team, kept by the platform.",
  ],
  [supportMessages, 'The messages of the support tickets left out above.'],
  [platformSettings, "The platform's own settings, no restaurant's data."],
  [
    webhookEndpoints,
    "Webhook endpoints hold signing secrets encrypted with this server's key: a restored copy must never post the restaurant's events to its receivers. The restaurant registers them again.",
  ],
  [webhookDeliveries, 'The delivery log of the webhook endpoints left out above.'],
  [
    printAgents,
    'Print agents sign in with device tokens, credentials: a restored copy must never let an agent in. The restaurant creates new ones.',
  ],
  [
    printJobs,
    "The print queue of the moment: a restored copy must never print the restaurant's tickets and receipts again.",
  ],
  [
    stripeAccounts,
    "The restaurant's Stripe keys are credentials, kept encrypted with this server's key: a restored copy must never take or give back money through the restaurant's account. The admin connects them again.",
  ],
  [
    reportRecipients,
    "Whether an address agreed to receive reports is its owner's answer, not the restaurant's data: a restored copy asks again.",
  ],
  [reportRecipientLinks, 'The links mailed to recipients are credentials of the moment.'],
  [
    emailVolume,
    "The platform's count of the emails the restaurant sent, for its daily limit and the team's view.",
  ],
  [
    eventConsumers,
    "The server's own list of the consumers it runs over events, no restaurant's data.",
  ],
  [
    consumerCursors,
    "How far the server's consumers have handled the restaurant's events: a restored restaurant's events are history, and its consumers start after them.",
  ],
]);

/** Columns a backup leaves out, per table, and why. */
export const EXCLUDED_COLUMNS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  printers: {
    agent_id:
      'The print agent a printer is reached through is left out with the agents: a restored printer is reached by the server until given a new agent.',
  },
  users: {
    password_hash:
      'Password hashes never leave the server. Restored accounts get a new password from the admin (reset password).',
    totp_secret:
      'Two-factor secrets never leave the server. Restored accounts set up two-factor sign-in again.',
    totp_recovery_codes: 'Recovery codes belong to the two-factor secret left out above.',
    totp_enabled_at: 'Two-factor sign-in is off on a restored account until it is set up again.',
  },
};

/** A table's name in the database (and its file name in the ZIP, `tables/<name>.json`). */
export const tableName = (table: PgTable): string => getTableName(table);

/** How a table's rows are found: the restaurants table by its id, the others by restaurant_id. */
export const scopeColumn = (table: PgTable): 'id' | 'restaurant_id' =>
  table === restaurants ? 'id' : 'restaurant_id';
