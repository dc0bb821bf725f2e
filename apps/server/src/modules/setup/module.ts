import { defineModule } from '../../core/module.js';
import { setupRoutes } from './routes.js';

/** The owner's setup checklist. */
export const setupModule = defineModule({
  name: 'setup',
  routes: [setupRoutes],
});
