// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
//
// The web imports these (from `@tavola/contract/refs`) instead of the declarations: the same
// names with the method, path and scope of each route and none of its zod schemas, one file
// per group so a page carries only the groups it calls.
export { auditRoutes } from './audit-routes.js';
export { authRoutes } from './auth-routes.js';
export { backupsRoutes } from './backups-routes.js';
export { businessDaysRoutes } from './business-days-routes.js';
export { coursesRoutes } from './courses-routes.js';
export { diningSessionsRoutes } from './dining-sessions-routes.js';
export { discountsRoutes } from './discounts-routes.js';
export { floorRoutes } from './floor-routes.js';
export { healthRoutes } from './health-routes.js';
export { integrationsRoutes } from './integrations-routes.js';
export { menuRoutes } from './menu-routes.js';
export { ordersRoutes } from './orders-routes.js';
export { paymentsRoutes } from './payments-routes.js';
export { periodReportRoutes } from './period-report-routes.js';
export { platformRoutes } from './platform-routes.js';
export { printersRoutes } from './printers-routes.js';
export { receiptsRoutes } from './receipts-routes.js';
export { reportEmailsRoutes } from './report-emails-routes.js';
export { reportsRoutes } from './reports-routes.js';
export { requestsRoutes } from './requests-routes.js';
export { restaurantAccountRoutes } from './restaurant-account-routes.js';
export { reviewsRoutes } from './reviews-routes.js';
export { securityRoutes } from './security-routes.js';
export { settingsRoutes } from './settings-routes.js';
export { setupRoutes } from './setup-routes.js';
export { staffRoutes } from './staff-routes.js';
export { stationsRoutes } from './stations-routes.js';
export { tablesRoutes } from './tables-routes.js';
export { tabsRoutes } from './tabs-routes.js';
export { ticketsRoutes } from './tickets-routes.js';
export { v1DocRoutes } from './v1-doc-routes.js';
export { v1Routes } from './v1-routes.js';
