export * from './control.js';
export * from './data.js';
export * from './types.js';
export * from './ws.js';
