export * from './rules.js';
export * from './schemas.js';
export * from './routes.js';
