import { defineModule } from '../../core/module.js';
import { courseRoutes } from './routes.js';

/**
 * Courses: the manager's list and the fire delay (docs/decisions/0018). Holding and firing them is
 * the order path's (orders/course-fire.ts), which reads this list.
 */
export const coursesModule = defineModule({
  name: 'courses',
  routes: [courseRoutes],
});
