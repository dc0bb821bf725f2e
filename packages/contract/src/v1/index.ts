export * from './schemas.js';
export * from './routes.js';
export * from './webhooks.js';
