export * from './limits.js';
export * from './schemas.js';
export * from './system.js';
export * from './routes.js';
