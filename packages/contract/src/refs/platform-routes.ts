// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const platformRoutes: RouteRefs<typeof contract.platformRoutes> = {
  getPlatformOverview: {
    operationId: 'getPlatformOverview',
    method: 'GET',
    path: '/api/platform/overview',
    scope: 'team',
  },
  listPlatformEvents: {
    operationId: 'listPlatformEvents',
    method: 'GET',
    path: '/api/platform/events',
    scope: 'team',
  },
  listRestaurants: {
    operationId: 'listRestaurants',
    method: 'GET',
    path: '/api/platform/restaurants',
    scope: 'team',
  },
  createRestaurant: {
    operationId: 'createRestaurant',
    method: 'POST',
    path: '/api/platform/restaurants',
    scope: 'team',
  },
  getRestaurant: {
    operationId: 'getRestaurant',
    method: 'GET',
    path: '/api/platform/restaurants/:id',
    scope: 'team',
  },
  getRestaurantUsage: {
    operationId: 'getRestaurantUsage',
    method: 'GET',
    path: '/api/platform/restaurants/:id/usage',
    scope: 'team',
  },
  suspendRestaurant: {
    operationId: 'suspendRestaurant',
    method: 'POST',
    path: '/api/platform/restaurants/:id/suspend',
    scope: 'team',
  },
  activateRestaurant: {
    operationId: 'activateRestaurant',
    method: 'POST',
    path: '/api/platform/restaurants/:id/activate',
    scope: 'team',
  },
  listSubscriptions: {
    operationId: 'listSubscriptions',
    method: 'GET',
    path: '/api/platform/subscriptions',
    scope: 'team',
  },
  getPlatformAnalytics: {
    operationId: 'getPlatformAnalytics',
    method: 'GET',
    path: '/api/platform/analytics',
    scope: 'team',
  },
  getRestaurantPlanForTeam: {
    operationId: 'getRestaurantPlanForTeam',
    method: 'GET',
    path: '/api/platform/restaurants/:id/plan',
    scope: 'team',
  },
  changeRestaurantPlan: {
    operationId: 'changeRestaurantPlan',
    method: 'PUT',
    path: '/api/platform/restaurants/:id/plan',
    scope: 'team',
  },
  listAllSupportTickets: {
    operationId: 'listAllSupportTickets',
    method: 'GET',
    path: '/api/platform/support/tickets',
    scope: 'team',
  },
  getSupportTicket: {
    operationId: 'getSupportTicket',
    method: 'GET',
    path: '/api/platform/support/tickets/:id',
    scope: 'team',
  },
  answerSupportTicket: {
    operationId: 'answerSupportTicket',
    method: 'POST',
    path: '/api/platform/support/tickets/:id/messages',
    scope: 'team',
  },
  setSupportTicketStatus: {
    operationId: 'setSupportTicketStatus',
    method: 'PUT',
    path: '/api/platform/support/tickets/:id/status',
    scope: 'team',
  },
  getPublicPlatform: {
    operationId: 'getPublicPlatform',
    method: 'GET',
    path: '/api/public/platform',
    scope: 'public',
  },
  getPlatformSettings: {
    operationId: 'getPlatformSettings',
    method: 'GET',
    path: '/api/platform/settings',
    scope: 'team',
  },
  updatePlatformSettings: {
    operationId: 'updatePlatformSettings',
    method: 'PUT',
    path: '/api/platform/settings',
    scope: 'team',
  },
  getDeployment: {
    operationId: 'getDeployment',
    method: 'GET',
    path: '/api/platform/deployment',
    scope: 'team',
  },
  listTeamMembers: {
    operationId: 'listTeamMembers',
    method: 'GET',
    path: '/api/platform/team-members',
    scope: 'team',
  },
  createTeamMember: {
    operationId: 'createTeamMember',
    method: 'POST',
    path: '/api/platform/team-members',
    scope: 'team',
  },
  deactivateTeamMember: {
    operationId: 'deactivateTeamMember',
    method: 'POST',
    path: '/api/platform/team-members/:id/deactivate',
    scope: 'team',
  },
  signUp: { operationId: 'signUp', method: 'POST', path: '/api/signup', scope: 'public' },
};
