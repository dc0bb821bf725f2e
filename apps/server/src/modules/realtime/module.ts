import { defineModule } from '../../core/module.js';
import { realtimeRoutes } from './routes.js';

/** The screens' live channel. */
export const realtimeModule = defineModule({
  name: 'realtime',
  routes: [realtimeRoutes],
});
