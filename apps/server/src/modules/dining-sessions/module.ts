import { defineModule } from '../../core/module.js';
import { diningSessionGuestRoutes } from './guest-routes.js';
import { idleSweep } from './idle-sweep.js';
import { diningSessionRoutes } from './routes.js';

/** A table's sitting: the guests' side, the staff's, and the sweep that frees tables guests left without ordering. */
export const diningSessionsModule = defineModule({
  name: 'dining-sessions',
  routes: [diningSessionGuestRoutes, diningSessionRoutes],
  ...idleSweep,
});
