// What other modules may use of the floor: the orders on open bills as staff see them.
export { openBillOrders } from './service.js';
