export * from './routes.js';
export * from './schemas.js';
export * from './state.js';
export * from './refund-parts.js';
export * from './allocation.js';
export * from './guest.js';
export * from './pay-plan.js';
