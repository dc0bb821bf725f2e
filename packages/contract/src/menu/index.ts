export * from './categories.js';
export * from './schemas.js';
export * from './routes.js';
export * from './options.js';
export * from './translations.js';
export * from './allergens.js';
export * from './import.js';
