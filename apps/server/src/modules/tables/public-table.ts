import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { restaurants, tables } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';

export const TABLE_NOT_FOUND = 'Table not found. Please scan the QR code on your table again.';

export type PublicTable = Awaited<ReturnType<typeof findTableByToken>>;

async function findTableByToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ table: tables, restaurant: restaurants })
    .from(tables)
    .innerJoin(restaurants, eq(tables.restaurantId, restaurants.id))
    .where(and(eq(tables.qrToken, token), isNull(tables.archivedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * The guest's table and restaurant, from the QR token: the only way a public call finds its
 * restaurant. Unknown or rotated tokens are 404; closed tables and suspended restaurants refuse.
 */
export async function resolvePublicTable(
  db: DbOrTx,
  token: string,
  options: { readOnly?: boolean } = {},
) {
  const row = await findTableByToken(db, token);
  if (!row) throw notFound(TABLE_NOT_FOUND);
  if (row.restaurant.status === 'suspended') {
    throw new AppError('FORBIDDEN', 'This restaurant is not taking orders online right now.');
  }
  // A closed table can still show its menu and bill; it takes no orders or requests.
  if (row.table.status === 'maintenance' && !options.readOnly) {
    throw new AppError(
      'CONFLICT',
      'This table is not taking orders right now. Please ask a member of staff.',
    );
  }
  return row;
}
