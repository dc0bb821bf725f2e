export * from './entitlements.js';
export * from './plans.js';
