import { defineRouteContract } from '../common/route.js';
import { deletedResponseSchema } from '../common/schemas.js';
import { staffPerformanceQuerySchema, staffPerformanceResponseSchema } from './performance.js';
import { reportQuerySchema } from './period-reports.js';
import { recipientLinkInputSchema, recipientLinkResponseSchema } from './recipients.js';
import {
  reportEmailLogResponseSchema,
  reportScheduleInputSchema,
  reportScheduleResponseSchema,
  reportSchedulesResponseSchema,
  scheduleIdParamsSchema,
  sendNowResponseSchema,
} from './schedules.js';
import {
  analyticsResponseSchema,
  historyPageResponseSchema,
  orderHistoryQuerySchema,
  overviewResponseSchema,
} from './schemas.js';
import { systemOverviewResponseSchema } from './system.js';
import { REPORT_RESPONSE_SCHEMAS, REPORT_TITLES, type ReportKind } from './period-reports.js';

const tags = ['Reports'];

/** A period report (GET /api/reports/{kind}): JSON for the screen, or a CSV or PDF download. */
function periodReport<const K extends ReportKind, const Id extends string>(
  kind: K,
  operationId: Id,
) {
  return defineRouteContract({
    method: 'GET',
    path: `/api/reports/${kind}`,
    operationId,
    summary: `${REPORT_TITLES[kind]} over a day, week (Monday to Sunday), month or custom range of local dates, as JSON, CSV or PDF`,
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    query: reportQuerySchema,
    response: REPORT_RESPONSE_SCHEMAS[kind],
    produces: ['text/csv', 'application/pdf'],
    responseDescription: 'format=json: the report; csv or pdf: the file',
    errors: [404, 503],
  });
}

/** The period reports by kind, each its own operation. */
export const periodReportRoutes = {
  sales: periodReport('sales', 'getSalesReport'),
  items: periodReport('items', 'getItemsReport'),
  staff: periodReport('staff', 'getStaffReport'),
  tables: periodReport('tables', 'getTablesReport'),
  payments: periodReport('payments', 'getPaymentsReport'),
  tax: periodReport('tax', 'getTaxReport'),
  voids: periodReport('voids', 'getVoidsReport'),
} satisfies Record<ReportKind, unknown>;

/** Reports for whoever reads them (`view_reports`), and the admin's system overview. */
export const reportsRoutes = {
  getOrderHistory: defineRouteContract({
    method: 'GET',
    path: '/api/orders/history',
    operationId: 'getOrderHistory',
    summary: 'Order history: a page of orders, or the whole period as CSV or PDF',
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    query: orderHistoryQuerySchema,
    response: historyPageResponseSchema,
    produces: ['text/csv', 'application/pdf'],
    responseDescription: 'format=json: one page, newest first; csv or pdf: the file',
    errors: [404, 413, 503],
  }),
  getOverview: defineRouteContract({
    method: 'GET',
    path: '/api/reports/overview',
    operationId: 'getOverview',
    summary: "Today's revenue, orders, staff on duty and tables in use",
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    response: overviewResponseSchema,
    errors: [404],
  }),
  getAnalytics: defineRouteContract({
    method: 'GET',
    path: '/api/reports/analytics',
    operationId: 'getAnalytics',
    summary: 'Revenue by day, week and month, order statistics and best sellers',
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    response: analyticsResponseSchema,
    errors: [404],
  }),
  getStaffPerformance: defineRouteContract({
    method: 'GET',
    path: '/api/reports/staff-performance',
    operationId: 'getStaffPerformance',
    summary:
      'Staff performance between two local dates (default the last 30 days): orders and sales per waiter, time to ready per station, voids per user',
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    query: staffPerformanceQuerySchema,
    response: staffPerformanceResponseSchema,
    errors: [404],
  }),
  getSystemOverview: defineRouteContract({
    method: 'GET',
    path: '/api/reports/system',
    operationId: 'getSystemOverview',
    summary: "The admin's overview: the restaurant's accounts, orders and live screens",
    tags,
    scope: 'staff',
    permissions: ['full_access'],
    response: systemOverviewResponseSchema,
    errors: [404],
  }),
  ...periodReportRoutes,
};

const emailTags = ['Report emails'];

/**
 * Reports by email: a restaurant's schedules, "Send now" and the log of what was sent; and the
 * links mailed to recipients (public: the recipient has no account; the token comes in the body,
 * never in a URL a log would keep).
 */
export const reportEmailsRoutes = {
  listReportSchedules: defineRouteContract({
    method: 'GET',
    path: '/api/reports/schedules',
    operationId: 'listReportSchedules',
    summary: "The restaurant's report email schedules, and whether this server can send email",
    tags: emailTags,
    scope: 'staff',
    permissions: ['view_reports'],
    response: reportSchedulesResponseSchema,
    errors: [404],
  }),
  createReportSchedule: defineRouteContract({
    method: 'POST',
    path: '/api/reports/schedules',
    operationId: 'createReportSchedule',
    summary: 'Schedules a report by email: daily, weekly or monthly at a local time',
    tags: emailTags,
    scope: 'staff',
    permissions: ['view_reports'],
    body: reportScheduleInputSchema,
    response: reportScheduleResponseSchema,
    status: 201,
    errors: [404, 409],
  }),
  updateReportSchedule: defineRouteContract({
    method: 'PUT',
    path: '/api/reports/schedules/:id',
    operationId: 'updateReportSchedule',
    summary: 'Changes a schedule (due times before the change are not sent)',
    tags: emailTags,
    scope: 'staff',
    permissions: ['view_reports'],
    params: scheduleIdParamsSchema,
    body: reportScheduleInputSchema,
    response: reportScheduleResponseSchema,
    errors: [404, 409],
  }),
  deleteReportSchedule: defineRouteContract({
    method: 'DELETE',
    path: '/api/reports/schedules/:id',
    operationId: 'deleteReportSchedule',
    summary: 'Removes a schedule (its log stays)',
    tags: emailTags,
    scope: 'staff',
    permissions: ['view_reports'],
    params: scheduleIdParamsSchema,
    response: deletedResponseSchema,
    errors: [404],
  }),
  sendReportNow: defineRouteContract({
    method: 'POST',
    path: '/api/reports/schedules/:id/send',
    operationId: 'sendReportNow',
    summary:
      "Send now: the schedule's report for the last complete period to its confirmed recipients, queued at once (the log shows the outcome); once per schedule every few minutes, within the restaurant's emails for the day",
    tags: emailTags,
    scope: 'staff',
    permissions: ['view_reports'],
    params: scheduleIdParamsSchema,
    response: sendNowResponseSchema,
    status: 202,
    errors: [404, 409, 429],
  }),
  getReportEmailLog: defineRouteContract({
    method: 'GET',
    path: '/api/reports/email-log',
    operationId: 'getReportEmailLog',
    summary: 'The latest attempts to email reports, sent or failed, newest first',
    tags: emailTags,
    scope: 'staff',
    permissions: ['view_reports'],
    response: reportEmailLogResponseSchema,
    errors: [404],
  }),
  lookupRecipientLink: defineRouteContract({
    method: 'POST',
    path: '/api/public/report-recipients/lookup',
    operationId: 'lookupRecipientLink',
    summary: 'What a confirmation or stop link is for (changes nothing)',
    tags: emailTags,
    scope: 'public',
    body: recipientLinkInputSchema,
    response: recipientLinkResponseSchema,
    errors: [404],
  }),
  confirmRecipientLink: defineRouteContract({
    method: 'POST',
    path: '/api/public/report-recipients/confirm',
    operationId: 'confirmRecipientLink',
    summary: 'The recipient confirms: the restaurant’s reports may be emailed to the address',
    tags: emailTags,
    scope: 'public',
    body: recipientLinkInputSchema,
    response: recipientLinkResponseSchema,
    errors: [404],
  }),
  declineRecipientLink: defineRouteContract({
    method: 'POST',
    path: '/api/public/report-recipients/decline',
    operationId: 'declineRecipientLink',
    summary: 'The recipient declines or stops the reports: the address is never mailed again',
    tags: emailTags,
    scope: 'public',
    body: recipientLinkInputSchema,
    response: recipientLinkResponseSchema,
    errors: [404],
  }),
};
