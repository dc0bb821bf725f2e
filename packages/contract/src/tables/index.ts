export * from './assignment.js';
export * from './close.js';
export * from './move.js';
export * from './split.js';
export * from './schemas.js';
export * from './status.js';
export * from './routes.js';
