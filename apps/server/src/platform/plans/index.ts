// What restaurant modules may use of plans: the limits a plan and its trial set.
export { assertCanAdd, assertGuestsCanOrder, assertTrialActive } from './entitlements.js';
// What the team's figures count as staff accounts: what the plan counts.
export { countedStaffSql } from './entitlements.js';
// The team's bell hears of trials ending within 7 days (a look every 6 hours on the job runner).
export { announceTrialsEnding } from './trial-ending.js';
