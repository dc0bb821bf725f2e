// What other modules may use of auth: who a token is, signing in (a new owner after sign-up),
// and ending a user's sessions.
export { authenticate, login, revokeUserSessions } from './service.js';
