/**
 * The schema's import path for the rest of the server; the tables live per domain in `schema/`.
 */
export * from './schema/index.js';
