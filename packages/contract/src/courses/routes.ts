import { defineRouteContract } from '../common/route.js';
import {
  courseSettingsResponseSchema,
  fireCourseInputSchema,
  fireCourseParamsSchema,
  firedCourseResponseSchema,
  putCoursesInputSchema,
} from './schemas.js';

const tags = ['Courses'];

/** Courses and firing them (docs/decisions/0018). */
export const coursesRoutes = {
  listCourses: defineRouteContract({
    method: 'GET',
    path: '/api/courses',
    operationId: 'listCourses',
    summary: "The restaurant's courses in serving order and the automatic fire delay",
    tags,
    scope: 'staff',
    permissions: ['view_kitchen', 'view_bar', 'view_tables', 'manage_menu'],
    response: courseSettingsResponseSchema,
  }),
  putCourses: defineRouteContract({
    method: 'PUT',
    path: '/api/courses',
    operationId: 'putCourses',
    summary: 'Rename, add and reorder the courses; set the delay after which the next fires',
    tags,
    scope: 'staff',
    permissions: ['manage_menu'],
    body: putCoursesInputSchema,
    response: courseSettingsResponseSchema,
    errors: [409],
  }),
  fireCourse: defineRouteContract({
    method: 'POST',
    path: '/api/orders/:id/courses/:course/fire',
    operationId: 'fireCourse',
    summary: "Fire an order's held course: its lines go live on their stations' displays",
    tags,
    scope: 'staff',
    permissions: ['fire_courses'],
    params: fireCourseParamsSchema,
    body: fireCourseInputSchema,
    response: firedCourseResponseSchema,
    errors: [403, 404, 409],
  }),
};
