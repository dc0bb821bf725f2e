import { defineModule } from '../../core/module.js';
import { integrationRoutes } from './routes.js';

/** Integrations: the restaurant's API keys (the public API itself is modules/public-api). */
export const integrationsModule = defineModule({
  name: 'integrations',
  routes: [integrationRoutes],
});
