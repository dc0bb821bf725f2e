export * from './schemas.js';
export * from './status.js';
export * from './routes.js';
