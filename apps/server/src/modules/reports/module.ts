import { defineModule } from '../../core/module.js';
import { periodReportRoutes } from './period-routes.js';
import { reportRoutes } from './routes.js';

/** Today's figures, the history and the period reports. */
export const reportsModule = defineModule({
  name: 'reports',
  routes: [reportRoutes, periodReportRoutes],
});
