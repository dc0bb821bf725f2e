// The kitchen's and the bar's displays: their routes only; nothing here is for other modules.
// An order's tickets, their views and the order's status and priority following them belong to
// the orders module (a ticket is a station's part of an order).
export {};
