// What other modules may use of reports: the restaurant's day and its takings, defined once.
export { localDateStart, startOfLocal, takingsToday, type TakingsToday } from './today.js';
// The period reports, for the scheduled emails: a report over given dates, as a file.
export { buildReport, datesWindow } from './period-reports.js';
export { reportCsv } from './report-csv.js';
export { reportPdfBuffer } from './report-pdf-thread.js';
