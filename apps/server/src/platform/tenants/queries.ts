import {
  centsToAmount,
  planById,
  type PlatformOverview,
  type RESTAURANT_STATUSES,
  type SubscriptionKind,
  type Tenant,
} from '@tavola/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { orders, platformEvents, restaurants } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { countedStaffSql } from '../plans/index.js';

type RestaurantStatus = (typeof RESTAURANT_STATUSES)[number];

/** The most the Restaurants tab lists at once (newest first); `total` says how many match. */
export const TENANT_LIST_LIMIT = 500;

const PERIOD_TO_SUBSCRIPTION: Record<string, SubscriptionKind> = {
  trial: 'trial',
  month: 'monthly',
  year: 'yearly',
};

/**
 * One row per restaurant with its aggregates, each a correlated sub-query on an index that starts
 * with the restaurant (payments by restaurant and time, events by restaurant and number...), so
 * the list costs the same per restaurant however much history each one has. Written with table
 * aliases: Drizzle leaves column names unqualified in a one-table select, which a sub-query on
 * another table would read as its own.
 */
const R = sql.raw('"restaurants"');
const monthStart = sql`(date_trunc('month', now() at time zone ${R}.timezone) at time zone ${R}.timezone)`;
const firstAdmin = (column: 'name' | 'username') =>
  sql.raw(
    `(select a.${column} from users a where a.restaurant_id = "restaurants".id and a.role = 'admin' order by a.created_at limit 1)`,
  );

const tenantColumns = {
  restaurant: restaurants,
  adminName: sql<string | null>`${firstAdmin('name')}`,
  adminUsername: sql<string | null>`${firstAdmin('username')}`,
  tablesCount: sql<number>`(select count(*)::int from tables t where t.restaurant_id = ${R}.id and t.archived_at is null)`,
  // Counted as the plan counts them (the admin's plan card shows the same number).
  staffCount: sql<number>`(select count(*)::int from users u where u.restaurant_id = ${R}.id and ${countedStaffSql('u')})`,
  revenueCents: sql<
    string | number
  >`(select coalesce(sum(p.amount_cents), 0) from payments p where p.restaurant_id = ${R}.id and p.created_at >= ${monthStart})`,
  lastEventAt: sql<
    string | Date | null
  >`(select e.created_at from events e where e.restaurant_id = ${R}.id order by e.seq desc limit 1)`,
  lastLoginAt: sql<
    string | Date | null
  >`(select max(u.last_login_at) from users u where u.restaurant_id = ${R}.id)`,
  // The restaurant's email days (UTC): a handful of rows on its primary key.
  emails: sql<string>`(select json_build_object(
      'today', coalesce(sum(v.reports + v.confirmations) filter (where v.day = (now() at time zone 'utc')::date), 0),
      'last7Days', coalesce(sum(v.reports + v.confirmations), 0),
      'confirmationsLast7Days', coalesce(sum(v.confirmations), 0),
      'refusedLast7Days', coalesce(sum(v.refused), 0))::text
    from email_volume v where v.restaurant_id = ${R}.id and v.day > (now() at time zone 'utc')::date - 7)`,
};

type TenantRow = {
  restaurant: typeof restaurants.$inferSelect;
  adminName: string | null;
  adminUsername: string | null;
  tablesCount: number;
  staffCount: number;
  revenueCents: string | number;
  lastEventAt: string | Date | null;
  lastLoginAt: string | Date | null;
  emails: string;
};

const toDate = (value: string | Date | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

function toTenant(row: TenantRow): Tenant {
  const r = row.restaurant;
  const last = [toDate(row.lastEventAt), toDate(row.lastLoginAt), r.updatedAt]
    .filter((d): d is Date => d !== null)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return {
    id: r.id,
    name: r.name,
    slug: r.slug,
    status: r.status,
    plan: r.plan,
    subscription: PERIOD_TO_SUBSCRIPTION[planById(r.plan).period] ?? 'trial',
    trialEndsAt: r.status === 'trial' && r.trialEndsAt ? r.trialEndsAt.toISOString() : null,
    currency: r.currency,
    timezone: r.timezone,
    isDemo: r.isDemo,
    admin:
      row.adminUsername === null
        ? null
        : { name: row.adminName ?? row.adminUsername, username: row.adminUsername },
    monthlyRevenue: centsToAmount(Number(row.revenueCents)),
    tablesCount: Number(row.tablesCount),
    staffCount: Number(row.staffCount),
    emails: emailFigures(row.emails),
    lastActivity: last ? last.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

function emailFigures(json: string): Tenant['emails'] {
  const v = JSON.parse(json) as Record<keyof Tenant['emails'], number | string>;
  return {
    today: Number(v.today),
    last7Days: Number(v.last7Days),
    confirmationsLast7Days: Number(v.confirmationsLast7Days),
    refusedLast7Days: Number(v.refusedLast7Days),
  };
}

/** `%` and `_` typed in a search box are searched for, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The Restaurants tab: every tenant matching the search (name, slug, admin) and status. */
export async function listTenants(
  db: DbOrTx,
  query: { search?: string | undefined; status?: RestaurantStatus | undefined },
): Promise<{ restaurants: Tenant[]; total: number }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(restaurants.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      sql`(${R}.name ilike ${pattern} or ${R}.slug ilike ${pattern} or exists (select 1 from users a where a.restaurant_id = ${R}.id and a.role = 'admin' and (a.username ilike ${pattern} or a.name ilike ${pattern})))`,
    );
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select(tenantColumns)
      .from(restaurants)
      .where(where)
      .orderBy(desc(restaurants.createdAt), restaurants.id)
      .limit(TENANT_LIST_LIMIT),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(restaurants)
      .where(where),
  ]);
  return { restaurants: rows.map(toTenant), total: Number(count?.n ?? 0) };
}

/** One tenant as the Restaurants tab shows it (404 when there is none). */
export async function getTenant(db: DbOrTx, restaurantId: string): Promise<Tenant> {
  const [row] = await db
    .select(tenantColumns)
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  if (!row) throw refuse('RESTAURANT_NOT_FOUND');
  return toTenant(row);
}

/** The team's Overview cards, from live data. */
export async function platformOverview(db: DbOrTx): Promise<PlatformOverview> {
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      active: sql<number>`(count(*) filter (where ${restaurants.status} = 'active'))::int`,
      trial: sql<number>`(count(*) filter (where ${restaurants.status} = 'trial'))::int`,
      suspended: sql<number>`(count(*) filter (where ${restaurants.status} = 'suspended'))::int`,
      trialsEnding: sql<number>`(count(*) filter (where ${restaurants.status} = 'trial' and ${restaurants.trialEndsAt} > now() and ${restaurants.trialEndsAt} <= now() + interval '7 days'))::int`,
    })
    .from(restaurants);
  // Each restaurant's orders since its own local midnight (the orders index starts with the
  // restaurant and its time).
  const [today] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(restaurants, eq(orders.restaurantId, restaurants.id))
    .where(
      and(
        sql`${orders.status} <> 'cancelled'`,
        sql`${orders.createdAt} >= (date_trunc('day', now() at time zone ${restaurants.timezone}) at time zone ${restaurants.timezone})`,
      ),
    );
  return {
    restaurants: {
      total: Number(counts?.total ?? 0),
      active: Number(counts?.active ?? 0),
      trial: Number(counts?.trial ?? 0),
      suspended: Number(counts?.suspended ?? 0),
    },
    trialsEndingIn7Days: Number(counts?.trialsEnding ?? 0),
    ordersToday: Number(today?.n ?? 0),
  };
}

/** The latest platform events, newest first (the team's bell and Overview). */
export async function latestPlatformEvents(db: DbOrTx, limit: number) {
  const rows = await db.select().from(platformEvents).orderBy(desc(platformEvents.id)).limit(limit);
  return rows.map((r) => ({
    seq: r.id,
    type: r.type as never,
    data: r.data,
    timestamp: r.createdAt.toISOString(),
    userId: r.userId,
    restaurantId: r.restaurantId,
  }));
}
