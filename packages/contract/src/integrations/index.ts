export * from './schemas.js';
export * from './routes.js';
export * from './webhook-schemas.js';
export * from './stripe-schemas.js';
