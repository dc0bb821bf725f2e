import { defineModule } from '../../core/module.js';
import { ticketRoutes } from './routes.js';

/** The kitchen and bar displays. */
export const ticketsModule = defineModule({
  name: 'tickets',
  routes: [ticketRoutes],
});
