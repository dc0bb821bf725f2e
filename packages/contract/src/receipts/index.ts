export * from './build.js';
export * from './schemas.js';
