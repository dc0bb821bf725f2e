import {
  RESTAURANT_ROLES,
  type RestaurantRole,
  type Role,
  type SystemOverview,
} from '@tavola/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { restaurantDataSize } from '../../core/db/data-size.js';
import { orders } from '../../core/db/schema.js';
import type { ResponseTimeSummary } from '../../core/http/response-times.js';
import { accountsByRoleAndStatus } from '../staff/index.js';
import { tenant } from './service.js';
import { countedOrders, takingsToday } from './today.js';

/** What this server process measures itself (the database knows the rest). */
export interface ServerFigures {
  uptimeSeconds: number;
  responseTimes: ResponseTimeSummary & { windowMinutes: number };
  screens: { staff: Map<Role, number>; guests: number };
}

const isRestaurantRole = (role: Role): role is RestaurantRole =>
  (RESTAURANT_ROLES as readonly Role[]).includes(role);

/** The admin's overview (issue 15, item 1): every figure measured, none invented. */
export async function systemOverview(
  db: Db,
  restaurantId: string,
  server: ServerFigures,
): Promise<SystemOverview> {
  const r = await tenant(db, restaurantId);
  const [accounts, today, [all], tables] = await Promise.all([
    accountsByRoleAndStatus(db, restaurantId),
    // "Today" as every screen counts it (reports/today.ts).
    takingsToday(db, restaurantId),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(countedOrders(restaurantId)),
    restaurantDataSize(db, restaurantId),
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
    server: {
      uptimeSeconds: Math.floor(server.uptimeSeconds),
      startedAt: new Date(Date.now() - server.uptimeSeconds * 1000).toISOString(),
    },
    orders: { today: today.orders, total: all?.n ?? 0 },
    storage: {
      rows: tables.reduce((n, t) => n + t.rows, 0),
      bytes: tables.reduce((n, t) => n + t.bytes, 0),
      tables,
    },
    responseTimes: server.responseTimes,
    liveScreens: {
      total: staffScreens + server.screens.guests,
      staff,
      guests: server.screens.guests,
    },
  };
}
