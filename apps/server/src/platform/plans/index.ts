// What restaurant modules may use of plans: the limits a plan and its trial set.
export { assertCanAdd, assertGuestsCanOrder, assertTrialActive } from './entitlements.js';
