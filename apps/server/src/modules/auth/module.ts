import { defineModule } from '../../core/module.js';
import { accountEmailModule } from './account-email-routes.js';
import { authRoutes } from './routes.js';

/** Signing in and out, two-factor, passwords, and an account's own email address. */
export const authModule = defineModule({
  name: 'auth',
  routes: [authRoutes, accountEmailModule],
});
