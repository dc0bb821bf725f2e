export * from './performance.js';
export * from './schemas.js';
export * from './system.js';
