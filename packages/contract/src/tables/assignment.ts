import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';

/**
 * Who serves a table. A manager reassigns one table, or every table of a waiter, to another active
 * waiter (or releases them: nobody's, any waiter may claim them); a waiter hands their own table to
 * an active colleague. Deactivating a waiter releases the tables still theirs.
 */
const uuid = (name: string) => z.uuid({ error: `${name} must be a valid identifier` });

/** POST /api/tables/{id}/reassign: a manager's reassignment, or a waiter's hand-over. */
export const reassignTableInputSchema = z.object({ waiterId: uuid('waiterId') });

export type ReassignTableInput = z.infer<typeof reassignTableInputSchema>;

export const waiterRefSchema = z.object({ id: z.string(), name: z.string() });

export type WaiterRef = z.infer<typeof waiterRefSchema>;

export const reassignedTableSchema = z.object({
  tableId: z.string(),
  tableNumber: z.number().int(),
  from: waiterRefSchema.nullable(),
  to: waiterRefSchema,
});

export type ReassignedTable = z.infer<typeof reassignedTableSchema>;

export const reassignedTableResponseSchema = successResponseSchema(reassignedTableSchema);

/** POST /api/tables/reassign: every table of one waiter, to another (or to nobody: null). */
export const reassignWaiterTablesInputSchema = z.object({
  fromWaiterId: uuid('fromWaiterId'),
  toWaiterId: uuid('toWaiterId').nullable(),
});

export type ReassignWaiterTablesInput = z.infer<typeof reassignWaiterTablesInputSchema>;

export const reassignedTablesSchema = z.object({
  /** The table numbers that moved, in order. */
  tables: z.array(z.number().int()),
  to: waiterRefSchema.nullable(),
});

export type ReassignedTables = z.infer<typeof reassignedTablesSchema>;

export const reassignedTablesResponseSchema = successResponseSchema(reassignedTablesSchema);

/** GET /api/tables/waiters: who can take a table (the restaurant's active waiters). */
export const tableWaiterSchema = waiterRefSchema.extend({
  /** How many tables they hold now. */
  tables: z.number().int(),
});

export type TableWaiter = z.infer<typeof tableWaiterSchema>;

export const tableWaiterListResponseSchema = successResponseSchema(z.array(tableWaiterSchema));
