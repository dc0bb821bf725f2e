import { defineModule } from '../../core/module.js';
import { auditLogRoutes } from './routes.js';

/** The audit log's reading side. */
export const auditLogModule = defineModule({
  name: 'audit-log',
  routes: [auditLogRoutes],
});
