// What other modules may use of staff: how many staff accounts count against the plan, and the
// accounts by role and status (the admin's overview).
export { accountsByRoleAndStatus, activeStaffCount } from './service.js';
