// What other modules may use of auth: who a token is, and ending a user's sessions.
export { authenticate, revokeUserSessions } from './service.js';
