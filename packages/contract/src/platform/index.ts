export * from './billing.js';
export * from './entitlements.js';
export * from './plans.js';
export * from './subscriptions.js';
