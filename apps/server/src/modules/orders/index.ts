// What other modules may use of orders: writing an order's status (its one home), and voiding a
// whole order inside another change (closing a table).
export { markSessionOrdersPaid, setOrderStatus } from './status.js';
export { voidWholeOrder } from './void-service.js';
// An order's tax and service charge as stored: what a bill, a payment and a report add up.
export { billCentsOf, netCentsOf, ratesOf, storedParts } from './charges.js';
// What a bill comes to now, and its open payment request following it after a change.
export { followOpenBill, sessionBillCents, sessionDueCents } from './open-bill.js';
// A stored order line as the snapshot it was placed with.
export { enteredByOf, lineSnapshotOf } from './lines.js';
// Placing an order (a guest's, or staff's at a table or on a tab), and where an order goes.
export { placeOrder, requestHash, type Destination } from './service.js';
export { placeColumns, placeFrom, placeOf, type PlaceColumns } from './place.js';
export { placeTabOrder } from './staff-orders.js';
// An order's tickets: how the stations see them, the order's status following them, and its
// priority (set on the order or one ticket; escalated after the order timeout).
export { getTicketView, ticketViews, type TicketView } from './ticket-views.js';
export { heldStations, linesServed, syncOrderStatus, tableServedCheck } from './ticket-sync.js';
export { setTicketPriority } from './priority.js';
// Held courses: fired by staff or the expo, or by the restaurant's delay (docs/decisions/0018).
export { fireCourse, fireDueCourses, fireHeldCourse, type FiredCourse } from './course-fire.js';
// A bill's discounts: repricing it after a change, and pricing it (with each discount's own
// effect) for the screens, receipts and reports.
export {
  activeDiscounts,
  billRows,
  billsRows,
  discountView,
  discountViews,
  priceBill,
  repriceBill,
  storedAllocations,
  type BillRows,
  type PricedBill,
} from './discounts.js';
