// What the rest of the server may use of report emails: the tick that finds what is due (tests
// drive it) and the jobs' shape. The module itself is registered by modules/index.ts.
export { sendDueReports, type ReportEmailJobs } from './sender.js';
