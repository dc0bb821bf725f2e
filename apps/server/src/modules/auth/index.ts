// What other modules may use of auth: who a token is, signing in (a new owner after sign-up),
// and ending a user's sessions.
export { authenticate, login, revokeUserSessions } from './service.js';
// Every place a password is set checks the restaurant's password policy.
export { assertPasswordAllowed } from './password-policy.js';
// Sign-up and new staff accounts: reserved names and names in use get one answer.
export { assertUsernameAvailable, usernameUnavailableError } from './usernames.js';
// An account's own email address, verified by a link (sign-up mails the owner's).
export { sendVerificationLink } from './account-email.js';
