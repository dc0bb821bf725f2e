export * from './account-email.js';
export * from './password-reset.js';
export * from './guards.js';
export * from './roles.js';
export * from './schemas.js';
export * from './password-rules.js';
export * from './security.js';
export * from './user-guard.js';
