// What the app registers: support tickets, the restaurant's side and the team's.
export { supportRoutes } from './routes.js';
export { openTicket } from './service.js';
