export * from './billing.js';
export * from './entitlements.js';
export * from './event-types.js';
export * from './events.js';
export * from './plans.js';
export * from './subscriptions.js';
export * from './tenants.js';
