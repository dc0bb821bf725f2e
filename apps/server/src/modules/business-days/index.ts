// What other modules may use of business days: the day a change is dated in (and its lock), and
// today's business day.
export { businessDayEndsAt, businessToday, businessTodaySql, lockBusinessDay } from './lock.js';
// A day's Z report, for the public API.
export { zReport } from './service.js';
