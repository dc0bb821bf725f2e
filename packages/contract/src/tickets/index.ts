export * from './schemas.js';
export * from './status.js';
