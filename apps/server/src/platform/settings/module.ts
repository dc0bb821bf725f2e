import { defineModule } from '../../core/module.js';
import { platformSettingsRoutes } from './routes.js';

/** The team's Settings tab and the public brand. */
export const platformSettingsArea = defineModule({
  name: 'platform/settings',
  routes: [platformSettingsRoutes],
});
