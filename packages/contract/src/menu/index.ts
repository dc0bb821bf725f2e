export * from './categories.js';
export * from './schemas.js';
