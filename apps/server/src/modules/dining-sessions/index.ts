// What other modules may use of dining sessions: joining (or opening) a table's open session,
// the bill, and closing a seated table's session when a manager sets the table available.
export { closeForAvailable } from './close.js';
export { openOrJoinSession, sessionSummary, startSession } from './service.js';
