import { defineRouteContract } from '../common/route.js';
import {
  closeDayInputSchema,
  journalQuerySchema,
  reopenDayInputSchema,
  zReportQuerySchema,
  zReportResponseSchema,
} from './schemas.js';
const tags = ['End of day'];

/** End of day: the Z report, closing and reopening a day, the accounting journal. */
export const businessDaysRoutes = {
  getZReport: defineRouteContract({
    method: 'GET',
    path: '/api/business-days/report',
    operationId: 'getZReport',
    summary: "A business day's Z report (today by default), as JSON or PDF",
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    query: zReportQuerySchema,
    response: zReportResponseSchema,
    produces: ['application/pdf'],
    responseDescription: 'format=json: the report; pdf: the file',
    errors: [400, 404, 503],
  }),
  getJournal: defineRouteContract({
    method: 'GET',
    path: '/api/business-days/journal',
    operationId: 'getJournal',
    summary:
      "A business day's accounting journal: hledger/ledger, or CSV for Xero's or QuickBooks Online's import",
    tags,
    scope: 'staff',
    permissions: ['view_reports'],
    query: journalQuerySchema,
    response: null,
    produces: ['text/plain', 'text/csv'],
    responseDescription: 'The journal file',
    errors: [400, 404],
  }),
  closeDay: defineRouteContract({
    method: 'POST',
    path: '/api/business-days/close',
    operationId: 'closeDay',
    summary: 'Close a business day: its Z report is kept and the day is locked',
    tags,
    scope: 'staff',
    permissions: ['close_day'],
    body: closeDayInputSchema,
    response: zReportResponseSchema,
    errors: [400, 404, 409],
  }),
  reopenDay: defineRouteContract({
    method: 'POST',
    path: '/api/business-days/reopen',
    operationId: 'reopenDay',
    summary: 'Reopen a closed business day, with a reason (audited)',
    tags,
    scope: 'staff',
    permissions: ['close_day'],
    body: reopenDayInputSchema,
    response: zReportResponseSchema,
    errors: [400, 404, 409],
  }),
};
