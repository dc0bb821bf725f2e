export * from './line-key.js';
export * from './line-changes.js';
export * from './lines.js';
export * from './order-types.js';
export * from './schemas.js';
export * from './status.js';
export * from './voids.js';
export * from './routes.js';
