import { defineModule } from '../../core/module.js';
import { tableRoutes } from './routes.js';

/** Tables, their QR codes and who serves them. */
export const tablesModule = defineModule({
  name: 'tables',
  routes: [tableRoutes],
});
