export * from './schemas.js';
export * from './status.js';
export * from './routes.js';
export * from './expo.js';
