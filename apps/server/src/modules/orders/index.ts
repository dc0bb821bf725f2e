// What other modules may use of orders: writing an order's status (its one home).
export { markSessionOrdersPaid, setOrderStatus } from './status.js';
