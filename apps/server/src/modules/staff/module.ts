import { defineModule } from '../../core/module.js';
import { staffRoutes } from './routes.js';

/** Staff accounts. */
export const staffModule = defineModule({
  name: 'staff',
  routes: [staffRoutes],
});
