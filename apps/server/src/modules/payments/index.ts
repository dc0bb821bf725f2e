// What other modules may use of payments: settling a bill inside their own unit of work.
export { settleBill } from './service.js';
