import { defineModule } from '../../core/module.js';
import { supportRoutes } from './routes.js';

/** Support tickets, the restaurant's side and the team's. */
export const supportArea = defineModule({
  name: 'platform/support',
  routes: [supportRoutes],
});
