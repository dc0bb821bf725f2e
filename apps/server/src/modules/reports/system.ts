import {
  RESTAURANT_ROLES,
  type RestaurantRole,
  type Role,
  type SystemOverview,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { orders } from '../../core/db/schema.js';
import { accountsByRoleAndStatus } from '../staff/index.js';
import { tenant } from './service.js';
import { countedOrders, takingsToday } from './today.js';

/** The restaurant's screens connected to this server process (the database knows the rest). */
export interface ServerFigures {
  screens: { staff: Map<Role, number>; guests: number };
}

const isRestaurantRole = (role: Role): role is RestaurantRole =>
  (RESTAURANT_ROLES as readonly Role[]).includes(role);

/**
 * The admin's overview figures: every one measured, none invented, and all the restaurant's own
 * (the platform's uptime, response times and storage are on the team console).
 */
export async function systemOverview(
  db: Db,
  restaurantId: string,
  server: ServerFigures,
): Promise<SystemOverview> {
  const r = await tenant(db, restaurantId);
  const [accounts, today, [all]] = await Promise.all([
    accountsByRoleAndStatus(db, restaurantId),
    // "Today" as every screen counts it (reports/today.ts).
    takingsToday(db, restaurantId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(countedOrders(restaurantId)),
  ]);
  const byRoleAndStatus = accounts.flatMap((a) =>
    isRestaurantRole(a.role) ? [{ role: a.role, status: a.status, count: a.count }] : [],
  );
  const staff = RESTAURANT_ROLES.flatMap((role) => {
    const count = server.screens.staff.get(role) ?? 0;
    return count ? [{ role, count }] : [];
  });
  const staffScreens = staff.reduce((n, s) => n + s.count, 0);
  return {
    timezone: r.timezone,
    users: { total: byRoleAndStatus.reduce((n, a) => n + a.count, 0), byRoleAndStatus },
    orders: { today: today.orders, total: all?.n ?? 0 },
    liveScreens: {
      total: staffScreens + server.screens.guests,
      staff,
      guests: server.screens.guests,
    },
  };
}
