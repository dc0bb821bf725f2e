// The audit log's reading side; entries are written only by core/audit/writer.ts (through a
// service's unit of work). Nothing here is for other modules yet.
export { auditLogRoutes } from './routes.js';
