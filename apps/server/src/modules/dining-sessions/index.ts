// What other modules may use of dining sessions: joining (or opening) a table's open session
// (or joining one of its further checks),
// the bill, closing a seated table's session when a manager sets the table available, and
// keeping a session open while its guests are still reading the menu.
export { closeForAvailable } from './close.js';
export {
  guestPresence,
  joinCheck,
  markGuestsPresent,
  openOrJoinSession,
  sessionSummary,
  startSession,
} from './service.js';
