export * from './bill.js';
export * from './charges.js';
export * from './schemas.js';
export * from './status.js';
export * from './routes.js';
