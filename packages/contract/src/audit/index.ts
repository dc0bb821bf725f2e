export * from './actions.js';
