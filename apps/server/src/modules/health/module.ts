import { defineModule } from '../../core/module.js';
import { healthRoutes } from './routes.js';

/** Whether the server and its database answer. */
export const healthModule = defineModule({
  name: 'health',
  routes: [healthRoutes],
});
