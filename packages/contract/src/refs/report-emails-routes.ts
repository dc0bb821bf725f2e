// Generated from the route declarations; do not edit. After changing a route, run
// `UPDATE_ROUTE_REFS=1 npx vitest run packages/contract/src/refs.test.ts`.
import type { RouteRefs } from '../common/route.js';
import type * as contract from '../index.js';

export const reportEmailsRoutes: RouteRefs<typeof contract.reportEmailsRoutes> = {
  listReportSchedules: {
    operationId: 'listReportSchedules',
    method: 'GET',
    path: '/api/reports/schedules',
    scope: 'staff',
  },
  createReportSchedule: {
    operationId: 'createReportSchedule',
    method: 'POST',
    path: '/api/reports/schedules',
    scope: 'staff',
  },
  updateReportSchedule: {
    operationId: 'updateReportSchedule',
    method: 'PUT',
    path: '/api/reports/schedules/:id',
    scope: 'staff',
  },
  deleteReportSchedule: {
    operationId: 'deleteReportSchedule',
    method: 'DELETE',
    path: '/api/reports/schedules/:id',
    scope: 'staff',
  },
  sendReportNow: {
    operationId: 'sendReportNow',
    method: 'POST',
    path: '/api/reports/schedules/:id/send',
    scope: 'staff',
  },
  getReportEmailLog: {
    operationId: 'getReportEmailLog',
    method: 'GET',
    path: '/api/reports/email-log',
    scope: 'staff',
  },
  lookupRecipientLink: {
    operationId: 'lookupRecipientLink',
    method: 'POST',
    path: '/api/public/report-recipients/lookup',
    scope: 'public',
  },
  confirmRecipientLink: {
    operationId: 'confirmRecipientLink',
    method: 'POST',
    path: '/api/public/report-recipients/confirm',
    scope: 'public',
  },
  declineRecipientLink: {
    operationId: 'declineRecipientLink',
    method: 'POST',
    path: '/api/public/report-recipients/decline',
    scope: 'public',
  },
};
