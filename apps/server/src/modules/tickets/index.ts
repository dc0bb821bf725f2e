// The kitchen's and the bar's displays: their routes, and moving a ticket (the public API bumps).
// An order's tickets, their views and the order's status and priority following them belong to
// the orders module (a ticket is a station's part of an order).
// Moving a ticket, for the public API's bump.
export { transitionTicket } from './service.js';
