export * from './api.js';
export * from './auth.js';
export * from './constants.js';
export * from './demo.js';
export * from './guards.js';
export * from './money.js';
export * from './roles.js';
export * from './user-guard.js';
