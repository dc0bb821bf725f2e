// What other areas may use of support: opening a ticket.
export { openTicket } from './service.js';
