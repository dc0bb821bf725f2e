import type { ServerModule } from '../core/module.js';
import { auditLogModule } from './audit-log/module.js';
import { authModule } from './auth/module.js';
import { backupsModule } from './backups/module.js';
import { businessDaysModule } from './business-days/module.js';
import { diningSessionsModule } from './dining-sessions/module.js';
import { discountsModule } from './discounts/module.js';
import { floorModule } from './floor/module.js';
import { healthModule } from './health/module.js';
import { integrationsModule } from './integrations/module.js';
import { menuModule } from './menu/module.js';
import { ordersModule } from './orders/module.js';
import { paymentsModule } from './payments/module.js';
import { printersModule } from './printers/module.js';
import { publicApiModule } from './public-api/module.js';
import { realtimeModule } from './realtime/module.js';
import { receiptsModule } from './receipts/module.js';
import { reportEmailsModule } from './report-emails/module.js';
import { reportsModule } from './reports/module.js';
import { requestsModule } from './requests/module.js';
import { reviewsModule } from './reviews/module.js';
import { settingsModule } from './settings/module.js';
import { setupModule } from './setup/module.js';
import { staffModule } from './staff/module.js';
import { tablesModule } from './tables/module.js';
import { stationsModule } from './stations/module.js';
import { coursesModule } from './courses/module.js';
import { tabsModule } from './tabs/module.js';
import { ticketsModule } from './tickets/module.js';

/**
 * The manifest of the restaurant modules: each one's routes, jobs, schedules and consumers, as
 * its `module.ts` declares them. The app (app.ts) registers these and the platform's areas
 * (platform/index.ts), in this order; a new module is added here. Other modules never import a
 * `module.ts`: they use a module's `index.ts`.
 */
export const restaurantModules: readonly ServerModule[] = [
  healthModule,
  authModule,
  diningSessionsModule,
  menuModule,
  ordersModule,
  discountsModule,
  requestsModule,
  reviewsModule,
  receiptsModule,
  paymentsModule,
  floorModule,
  stationsModule,
  coursesModule,
  printersModule,
  ticketsModule,
  tablesModule,
  tabsModule,
  staffModule,
  reportsModule,
  reportEmailsModule,
  businessDaysModule,
  auditLogModule,
  settingsModule,
  setupModule,
  backupsModule,
  integrationsModule,
  publicApiModule,
  realtimeModule,
];
