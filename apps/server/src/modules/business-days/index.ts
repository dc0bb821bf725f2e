// What other modules may use of business days: the lock every change dated in a day goes through.
export { assertDayOpen } from './lock.js';
