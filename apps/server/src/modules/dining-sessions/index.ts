// What other modules may use of dining sessions: joining (or opening) a table's open session,
// the bill, closing a seated table's session when a manager sets the table available, and
// keeping a session open while its guests are still reading the menu.
export { closeForAvailable } from './close.js';
export { markGuestsPresent, openOrJoinSession, sessionSummary, startSession } from './service.js';
