import { authRoutes, securityRoutes } from './auth/routes.js';
import type { RouteDef } from './common/route.js';
import { auditRoutes } from './audit/routes.js';
import { backupsRoutes } from './backups/routes.js';
import { businessDaysRoutes } from './business-days/routes.js';
import { diningSessionsRoutes } from './dining-sessions/routes.js';
import { discountsRoutes } from './discounts/routes.js';
import { floorRoutes } from './floor/routes.js';
import { menuRoutes } from './menu/routes.js';
import { paymentsRoutes } from './payments/routes.js';
import { receiptsRoutes } from './receipts/routes.js';
import { reportsRoutes } from './reports/routes.js';
import { reportEmailsRoutes } from './reports/routes.js';
import { requestsRoutes } from './requests/routes.js';
import { reviewsRoutes } from './reviews/routes.js';
import { settingsRoutes } from './settings/routes.js';
import { staffRoutes } from './staff/routes.js';
import { tablesRoutes } from './tables/routes.js';
import { tabsRoutes } from './tabs/routes.js';
import { ticketsRoutes } from './tickets/routes.js';
import { stationsRoutes } from './stations/routes.js';
import { coursesRoutes } from './courses/routes.js';
import { printersRoutes } from './printers/routes.js';
import { healthRoutes } from './health/routes.js';
import { ordersRoutes } from './orders/routes.js';
import { platformRoutes, restaurantAccountRoutes } from './platform/routes.js';
import { setupRoutes } from './setup/routes.js';
import { integrationsRoutes } from './integrations/routes.js';
import { v1DocRoutes, v1Routes } from './v1/routes.js';

/**
 * Every route of the API, one flat list: the server's coverage test checks that each route it
 * registers is here (and each entry is registered), the clients and the document read it.
 */
export const ALL_ROUTES: readonly RouteDef[] = [
  ...Object.values(auditRoutes),
  ...Object.values(backupsRoutes),
  ...Object.values(businessDaysRoutes),
  ...Object.values(diningSessionsRoutes),
  ...Object.values(discountsRoutes),
  ...Object.values(floorRoutes),
  ...Object.values(menuRoutes),
  ...Object.values(ordersRoutes),
  ...Object.values(paymentsRoutes),
  ...Object.values(receiptsRoutes),
  ...Object.values(reportsRoutes),
  ...Object.values(reportEmailsRoutes),
  ...Object.values(requestsRoutes),
  ...Object.values(reviewsRoutes),
  ...Object.values(settingsRoutes),
  ...Object.values(staffRoutes),
  ...Object.values(tablesRoutes),
  ...Object.values(tabsRoutes),
  ...Object.values(ticketsRoutes),
  ...Object.values(stationsRoutes),
  ...Object.values(coursesRoutes),
  ...Object.values(printersRoutes),
  ...Object.values(healthRoutes),
  ...Object.values(authRoutes),
  ...Object.values(securityRoutes),
  ...Object.values(setupRoutes),
  ...Object.values(platformRoutes),
  ...Object.values(restaurantAccountRoutes),
  ...Object.values(integrationsRoutes),
  ...Object.values(v1Routes),
  ...Object.values(v1DocRoutes),
];
