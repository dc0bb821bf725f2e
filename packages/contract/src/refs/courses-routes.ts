// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const coursesRoutes: RouteRefs<typeof contract.coursesRoutes> = {
  listCourses: { operationId: 'listCourses', method: 'GET', path: '/api/courses', scope: 'staff' },
  putCourses: { operationId: 'putCourses', method: 'PUT', path: '/api/courses', scope: 'staff' },
  fireCourse: {
    operationId: 'fireCourse',
    method: 'POST',
    path: '/api/orders/:id/courses/:course/fire',
    scope: 'staff',
  },
};
