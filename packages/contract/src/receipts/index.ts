export * from './build.js';
export * from './schemas.js';
export * from './routes.js';
