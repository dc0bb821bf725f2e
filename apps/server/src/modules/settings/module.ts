import { defineModule } from '../../core/module.js';
import { settingsRoutes } from './routes.js';

/** The restaurant's settings. */
export const settingsModule = defineModule({
  name: 'settings',
  routes: [settingsRoutes],
});
