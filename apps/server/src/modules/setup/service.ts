import { SETUP_STEPS, type SetupChecklist, type SetupStep } from '@tavola/contract';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { auditLog, menuItems, orders, restaurants, tables, users } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';

const count = sql<number>`count(*)::int`;

/**
 * A new restaurant's setup checklist, read from its own data every time (nothing is ticked by
 * hand, so a step undone, e.g. the last table deleted, shows as open again):
 * - menu: an item of its own on the menu (sign-up's samples do not count);
 * - tables: a table, and its QR codes downloaded (the sheet or one table's code);
 * - staff: an active account besides the administrators;
 * - settings: the time zone and tax confirmed: asked at sign-up, or saved in System;
 * - test order: an order placed, as a guest's phone does from a table's code.
 */
export async function setupChecklist(db: DbOrTx, restaurantId: string): Promise<SetupChecklist> {
  const [restaurant] = await db
    .select({ dismissedAt: restaurants.setupDismissedAt })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw refuse('RESTAURANT_NOT_FOUND');
  const audited = (actions: string[], where?: SQL) =>
    db
      .select({ n: count })
      .from(auditLog)
      .where(
        and(eq(auditLog.restaurantId, restaurantId), inArray(auditLog.action, actions), where),
      );
  const [[menu], [tableRow], [staff], [orderRow], [qr], [settings], [askedAtSignUp]] =
    await Promise.all([
      db
        .select({
          own: sql<number>`count(*) filter (where not ${menuItems.isSample})::int`,
          samples: sql<number>`count(*) filter (where ${menuItems.isSample})::int`,
        })
        .from(menuItems)
        .where(and(eq(menuItems.restaurantId, restaurantId), isNull(menuItems.deletedAt))),
      db
        .select({ n: count })
        .from(tables)
        .where(and(eq(tables.restaurantId, restaurantId), isNull(tables.archivedAt))),
      db
        .select({ n: count })
        .from(users)
        .where(
          and(
            eq(users.restaurantId, restaurantId),
            eq(users.status, 'active'),
            ne(users.role, 'admin'),
          ),
        ),
      db.select({ n: count }).from(orders).where(eq(orders.restaurantId, restaurantId)),
      audited(['table.qr_downloaded']),
      audited(['restaurant.settings']),
      // A sign-up that asked the time zone and tax wrote them into its audit entry.
      audited(
        ['restaurant.signed_up'],
        sql`${auditLog.details} ->> 'timezone' is not null and ${auditLog.details} ->> 'taxRate' is not null`,
      ),
    ]);
  const counts = {
    ownMenuItems: menu?.own ?? 0,
    sampleMenuItems: menu?.samples ?? 0,
    tables: tableRow?.n ?? 0,
    staff: staff?.n ?? 0,
    orders: orderRow?.n ?? 0,
  };
  const done: Record<SetupStep, boolean> = {
    menu: counts.ownMenuItems > 0,
    tables: counts.tables > 0 && (qr?.n ?? 0) > 0,
    staff: counts.staff > 0,
    settings: (settings?.n ?? 0) + (askedAtSignUp?.n ?? 0) > 0,
    test_order: counts.orders > 0,
  };
  const steps = SETUP_STEPS.map((id) => ({ id, done: done[id] }));
  return {
    steps,
    complete: steps.every((s) => s.done),
    dismissed: restaurant.dismissedAt !== null,
    counts,
  };
}

/** The owner puts the finished checklist away; an unfinished one stays (409). */
export async function dismissSetupChecklist(
  ctx: WorkContext,
  actor: StaffActor,
): Promise<SetupChecklist> {
  const { restaurantId } = actor;
  await runWork(ctx, actor, async (uow) => {
    const checklist = await setupChecklist(uow.tx, restaurantId);
    if (!checklist.complete) throw refuse('SETUP_NOT_COMPLETE');
    if (checklist.dismissed) return;
    await uow.tx
      .update(restaurants)
      .set({ setupDismissedAt: new Date() })
      .where(eq(restaurants.id, restaurantId));
    uow.audit({
      action: 'restaurant.setup_dismissed',
      entityType: 'restaurant',
      entityId: restaurantId,
    });
  });
  return setupChecklist(ctx.db, restaurantId);
}
