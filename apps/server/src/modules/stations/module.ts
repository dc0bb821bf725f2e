import { defineModule } from '../../core/module.js';
import { stationRoutes } from './routes.js';

/** The restaurant's stations: kitchen, bar and those a manager added (docs/decisions/0015). */
export const stationsModule = defineModule({
  name: 'stations',
  routes: [stationRoutes],
});
