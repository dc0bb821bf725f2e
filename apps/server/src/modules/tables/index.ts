// What other modules may use of tables: a guest's table from its code, the table row's locks,
// its status machine, and who serves it (a waiter's tables released when they leave).
export {
  guestTableCache,
  PublicTableCache,
  resolvePublicTable,
  TABLE_NOT_FOUND,
} from './guest-table.js';
export {
  assignWaiter,
  lockTable,
  lockTableRow,
  releaseWaiterTables,
  tablesHeldBy,
  takeTableForStaff,
} from './assignment.js';
export { moveTable } from './status.js';
// A table's further checks: whether one is left open when one closes.
export { tableKeepsACheck } from './checks.js';
