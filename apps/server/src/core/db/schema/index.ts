/**
 * The database schema, one file per domain. drizzle-kit reads this file (drizzle.config.ts) and
 * the application imports it through `core/db/schema.js`; a new table goes in its domain's file
 * and is re-exported here.
 */
export {
  type Branding,
  COUNTER_NAMES,
  type CounterName,
  counters,
  restaurants,
} from './restaurants.js';
export * from './users.js';
export * from './tables.js';
export * from './dining-sessions.js';
export * from './reviews.js';
export * from './menu.js';
export * from './orders.js';
export * from './discounts.js';
export * from './tickets.js';
export * from './requests.js';
export * from './payments.js';
export * from './receipts.js';
export * from './business-days.js';
export * from './events.js';
export * from './audit.js';
export * from './backups.js';
export * from './report-emails.js';
export * from './support.js';
export * from './platform.js';
export * from './integrations.js';
export * from './stations.js';
export * from './courses.js';
export * from './printers.js';
