import { defineModule } from '../../core/module.js';
import { platformTenantRoutes } from './routes.js';
import { signupRoutes } from './signup-routes.js';

/** The team's console of restaurants and the public sign-up. */
export const tenantsArea = defineModule({
  name: 'platform/tenants',
  routes: [platformTenantRoutes, signupRoutes],
});
