// What other modules may use of reports: the restaurant's day and its takings, defined once.
export { localDateStart, startOfLocal, takingsToday, type TakingsToday } from './today.js';
