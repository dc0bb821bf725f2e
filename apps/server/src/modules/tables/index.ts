// What other modules may use of tables: a guest's table from its code, and the table row's locks.
export { guestTableCache, resolvePublicTable, TABLE_NOT_FOUND } from './guest-table.js';
export { assignWaiter, lockTable, lockTableRow } from './assignment.js';
export { moveTable } from './status.js';
