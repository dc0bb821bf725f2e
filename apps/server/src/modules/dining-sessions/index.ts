// What other modules may use of dining sessions: joining (or opening) a table's open session.
export { openOrJoinSession, sessionSummary, startSession } from './service.js';
