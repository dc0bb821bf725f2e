import { TABLE_MOVES, TABLE_STATUSES, type TableMove, type TableStatus } from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tables } from '../../core/db/schema.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { moveTable } from './status.js';

describe("the table's status machine", () => {
  let t: TestApp;
  let tableId: string;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const [row] = await t.database.db
      .select({ id: tables.id })
      .from(tables)
      .where(and(eq(tables.restaurantId, t.restaurantId), eq(tables.number, 7)));
    tableId = row!.id;
  });
  afterAll(async () => t?.close());

  const tryMove = async (from: TableStatus, move: TableMove) => {
    await t.database.db.update(tables).set({ status: from }).where(eq(tables.id, tableId));
    const result = await t.database.db.transaction((tx) => moveTable(tx, tableId, move));
    const [row] = await t.database.db.select().from(tables).where(eq(tables.id, tableId));
    return { result, status: row!.status };
  };

  it('makes each move from exactly the statuses the contract allows, and leaves the rest alone', async () => {
    for (const move of Object.keys(TABLE_MOVES) as TableMove[]) {
      const rule = TABLE_MOVES[move];
      for (const from of TABLE_STATUSES) {
        const allowed = (rule.from as readonly TableStatus[]).includes(from);
        const { result, status } = await tryMove(from, move);
        expect({ move, from, status }).toEqual({ move, from, status: allowed ? rule.to : from });
        expect(result).toBe(allowed ? rule.to : null);
      }
    }
  });

  it('keeps a closed table closed and a table waiting for payment waiting', async () => {
    expect((await tryMove('maintenance', 'paid')).status).toBe('maintenance');
    expect((await tryMove('maintenance', 'seated')).status).toBe('maintenance');
    expect((await tryMove('waiting_payment', 'calledWaiter')).status).toBe('waiting_payment');
  });
});
