// Printers: what other modules may use (none yet besides the module's own registration).
export { printQueueFor } from './queue.js';
