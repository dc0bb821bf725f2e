export * from './actions.js';
export * from './schemas.js';
export * from './summary.js';
export * from './routes.js';
