// What other modules may use of staff: how many staff accounts count against the plan.
export { activeStaffCount } from './service.js';
