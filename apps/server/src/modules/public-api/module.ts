import { defineModule } from '../../core/module.js';
import { publicApiRoutes } from './routes.js';

/** The public API (`/api/v1`), called with the restaurant's API keys. */
export const publicApiModule = defineModule({
  name: 'public-api',
  routes: [publicApiRoutes],
});
