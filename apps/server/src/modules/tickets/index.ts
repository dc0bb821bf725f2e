// What other modules may use of tickets: an order's status following its tickets.
export { syncOrderStatus, tableServedCheck } from './service.js';
