import { defineModule } from '../../core/module.js';
import { menuGuestRoutes } from './guest-routes.js';
import { menuRoutes } from './routes.js';

/** The guests' menu and the manager's. */
export const menuModule = defineModule({
  name: 'menu',
  routes: [menuGuestRoutes, menuRoutes],
});
