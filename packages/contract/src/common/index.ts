export * from './constants.js';
export * from './demo.js';
export * from './envelope.js';
export * from './money.js';
export * from './schemas.js';
export * from './text.js';
export * from './plural.js';
export * from './route.js';
