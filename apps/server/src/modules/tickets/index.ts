// What other modules may use of tickets: an order's status following its tickets.
export { syncOrderStatus, tableServedCheck } from './service.js';
// An order's priority is its tickets' (the orders module's route sets it).
export { escalateTimedOutOrder, setOrderPriority } from './priority.js';
