// What other modules may use of orders: writing an order's status (its one home), and voiding a
// whole order inside another change (closing a table).
export { markSessionOrdersPaid, setOrderStatus } from './status.js';
export { voidWholeOrder } from './void-service.js';
// An order's tax and service charge as stored: what a bill, a payment and a report add up.
export { billCentsOf, netCentsOf, ratesOf, storedParts } from './charges.js';
