export * from './catalogs/en.js';
export * from './catalogs/mail-en.js';
export * from './format.js';
export * from './locale-schema.js';
export * from './locales.js';
export * from './message-format.js';
export * from './messages.js';
export * from './refusals.js';
