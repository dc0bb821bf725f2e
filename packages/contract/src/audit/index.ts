export * from './actions.js';
export * from './schemas.js';
export * from './summary.js';
