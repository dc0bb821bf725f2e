import {
  dayClosesAtMinutes,
  dayClosesAtText,
  percentToBps,
  pricesIncludeTaxByDefault,
  type RestaurantSettings,
  type RestaurantSettingsData,
} from '@tavola/contract';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { DbOrTx } from '../../core/db/client.js';
import { restaurants, tables } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';

type RestaurantRow = typeof restaurants.$inferSelect;

function toSettings(r: RestaurantRow): RestaurantSettingsData {
  return {
    name: r.name,
    currency: r.currency,
    exchangeRate: r.exchangeRate,
    taxRate: r.taxRateBps / 100,
    serviceCharge: r.serviceChargeBps / 100,
    timezone: r.timezone,
    locale: r.locale,
    publicUrl: r.publicUrl,
    sessionIdleMinutes: r.sessionIdleMinutes,
    pricesIncludeTax: r.pricesIncludeTax,
    autoBackup: r.autoBackup,
    notificationsEnabled: r.notificationsEnabled,
    maintenanceMode: r.maintenanceMode,
    allowGuestOrders: r.allowGuestOrders,
    orderTimeoutMinutes: r.orderTimeoutMinutes,
    maxTableCapacity: r.maxTableCapacity,
    dayClosesAt: dayClosesAtText(r.dayClosesAtMinutes),
  };
}

export async function readSettings(
  db: DbOrTx,
  restaurantId: string,
): Promise<RestaurantSettingsData> {
  const [r] = await db.select().from(restaurants).where(eq(restaurants.id, restaurantId));
  if (!r) throw refuse('RESTAURANT_NOT_FOUND');
  return toSettings(r);
}

/**
 * Changes the restaurant's settings; every guest price follows (currency, exchange rate), new
 * orders are charged the new tax and service charge (orders already placed keep theirs), and
 * guests' pages hear at once whether they may order. Settings left out stay as they are, except
 * that prices follow the currency's habit (tax included for EUR, added for USD) when the
 * currency changes and the request does not say.
 */
export async function updateSettings(
  ctx: WorkContext,
  actor: StaffActor,
  s: RestaurantSettings,
): Promise<RestaurantSettingsData> {
  return runWork(ctx, actor, async (uow) => {
    const { tx, restaurantId } = uow;
    // Locked (FOR NO KEY UPDATE, so orders referencing the restaurant do not wait): a table
    // saved at the same time is checked against the one max (tables read it FOR SHARE), and
    // the audit's "before" is the row this change replaces.
    const [before] = await tx
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('no key update');
    if (!before) throw refuse('RESTAURANT_NOT_FOUND');
    if (s.maxTableCapacity !== undefined && s.maxTableCapacity < before.maxTableCapacity) {
      const [larger] = await tx
        .select({ number: tables.number, capacity: tables.capacity })
        .from(tables)
        .where(
          and(
            eq(tables.restaurantId, restaurantId),
            isNull(tables.archivedAt),
            gt(tables.capacity, s.maxTableCapacity),
          ),
        )
        .orderBy(desc(tables.capacity), tables.number)
        .limit(1);
      if (larger)
        throw refuse('MAX_CAPACITY_BELOW_TABLE', {
          table: larger.number,
          capacity: larger.capacity,
        });
    }
    const pricesIncludeTax =
      s.pricesIncludeTax ??
      (s.currency !== before.currency
        ? pricesIncludeTaxByDefault(s.currency)
        : before.pricesIncludeTax);
    const [after] = await tx
      .update(restaurants)
      .set({
        name: s.name,
        currency: s.currency,
        exchangeRate: s.exchangeRate,
        taxRateBps: percentToBps(s.taxRate),
        serviceChargeBps: percentToBps(s.serviceCharge),
        timezone: s.timezone,
        locale: s.locale ?? before.locale,
        publicUrl: s.publicUrl ? s.publicUrl.replace(/\/+$/, '') : null,
        pricesIncludeTax,
        // Left out, each stays as it is (older clients and the manager's dialog send fewer).
        sessionIdleMinutes: s.sessionIdleMinutes ?? before.sessionIdleMinutes,
        autoBackup: s.autoBackup ?? before.autoBackup,
        notificationsEnabled: s.notificationsEnabled ?? before.notificationsEnabled,
        maintenanceMode: s.maintenanceMode ?? before.maintenanceMode,
        allowGuestOrders: s.allowGuestOrders ?? before.allowGuestOrders,
        orderTimeoutMinutes: s.orderTimeoutMinutes ?? before.orderTimeoutMinutes,
        maxTableCapacity: s.maxTableCapacity ?? before.maxTableCapacity,
        // Days already closed keep what they hold: every change keeps the business date it was
        // given, so a new closing time or time zone dates only what comes next.
        dayClosesAtMinutes:
          s.dayClosesAt === undefined
            ? before.dayClosesAtMinutes
            : dayClosesAtMinutes(s.dayClosesAt),
        updatedAt: new Date(),
      })
      .where(eq(restaurants.id, restaurantId))
      .returning();
    if (!after) throw refuse('RESTAURANT_NOT_FOUND');
    const was = toSettings(before);
    const now = toSettings(after);
    // What changed, from what to what: one audit entry for the save.
    const changes = Object.fromEntries(
      (Object.keys(now) as (keyof RestaurantSettingsData)[])
        .filter((k) => was[k] !== now[k])
        .map((k) => [k, { from: was[k], to: now[k] }]),
    );
    uow.audit({
      action: 'restaurant.settings',
      entityType: 'restaurant',
      entityId: restaurantId,
      details: { ...s, pricesIncludeTax, changes },
    });
    // Currency and exchange rate change every guest price; tax, service charge and whether
    // guests may order change what the guest page shows: its menu is read again.
    uow.emit({ type: 'menu_updated', data: { action: 'settings' } });
    return now;
  });
}
