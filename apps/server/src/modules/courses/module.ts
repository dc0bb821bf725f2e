import { defineModule } from '../../core/module.js';
import { courseFiring } from './jobs.js';
import { courseRoutes } from './routes.js';

/** Courses: the manager's list, holding later courses and firing them (docs/decisions/0016). */
export const coursesModule = defineModule({
  name: 'courses',
  routes: [courseRoutes],
  ...courseFiring,
});
