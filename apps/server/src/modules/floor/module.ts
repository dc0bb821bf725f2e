import { defineModule } from '../../core/module.js';
import { floorRoutes } from './routes.js';

/** The waiters' floor. */
export const floorModule = defineModule({
  name: 'floor',
  routes: [floorRoutes],
});
