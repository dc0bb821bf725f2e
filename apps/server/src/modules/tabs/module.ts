import { defineModule } from '../../core/module.js';
import { tabRoutes } from './routes.js';

/** Bills without a table: bar tabs, counter orders and takeaways. */
export const tabsModule = defineModule({
  name: 'tabs',
  routes: [tabRoutes],
});
