// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const authRoutes: RouteRefs<typeof contract.authRoutes> = {
  login: { operationId: 'login', method: 'POST', path: '/api/auth/login', scope: 'public' },
  loginTwoFactor: {
    operationId: 'loginTwoFactor',
    method: 'POST',
    path: '/api/auth/login/two-factor',
    scope: 'public',
  },
  getProfile: {
    operationId: 'getProfile',
    method: 'GET',
    path: '/api/auth/profile',
    scope: 'staff',
  },
  logout: { operationId: 'logout', method: 'POST', path: '/api/auth/logout', scope: 'staff' },
  getTwoFactor: {
    operationId: 'getTwoFactor',
    method: 'GET',
    path: '/api/auth/two-factor',
    scope: 'staff',
  },
  startTwoFactorSetup: {
    operationId: 'startTwoFactorSetup',
    method: 'POST',
    path: '/api/auth/two-factor/setup',
    scope: 'staff',
  },
  enableTwoFactor: {
    operationId: 'enableTwoFactor',
    method: 'POST',
    path: '/api/auth/two-factor/enable',
    scope: 'staff',
  },
  disableTwoFactor: {
    operationId: 'disableTwoFactor',
    method: 'POST',
    path: '/api/auth/two-factor/disable',
    scope: 'staff',
  },
  getAccountEmail: {
    operationId: 'getAccountEmail',
    method: 'GET',
    path: '/api/auth/email',
    scope: 'staff',
  },
  setAccountEmail: {
    operationId: 'setAccountEmail',
    method: 'PUT',
    path: '/api/auth/email',
    scope: 'staff',
  },
  verifyEmail: {
    operationId: 'verifyEmail',
    method: 'POST',
    path: '/api/auth/email/verify',
    scope: 'public',
  },
  forgotPassword: {
    operationId: 'forgotPassword',
    method: 'POST',
    path: '/api/auth/password/forgot',
    scope: 'public',
  },
  resetPassword: {
    operationId: 'resetPassword',
    method: 'POST',
    path: '/api/auth/password/reset',
    scope: 'public',
  },
};
