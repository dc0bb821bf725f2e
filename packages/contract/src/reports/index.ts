export * from './performance.js';
export * from './period.js';
export * from './period-reports.js';
export * from './recipients.js';
export * from './schedules.js';
export * from './schemas.js';
export * from './system.js';
export * from './layout.js';
