import { effectivePermissions, hasPermission, type Permission, type User } from '@tavola/contract';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authSessions, platformSettings, restaurants, users } from '../db/schema.js';
import { hashToken } from './tokens.js';
import { refuse } from '../http/errors.js';

type UserRow = typeof users.$inferSelect;
type RestaurantInfo = {
  id: string;
  name: string;
  isDemo: boolean;
  timezone: string;
  notificationsEnabled: boolean;
} | null;

/**
 * The user as the API shows it: the role's permissions plus any granted individually. Platform
 * permissions belong to the platform team alone: a restaurant account never holds one, even
 * when its row lists it.
 */
export function toUser(
  row: UserRow,
  restaurant: RestaurantInfo = null,
  teamTwoFactorRequired = false,
): User {
  const permissions = effectivePermissions(row.role, row.extraPermissions);
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    restaurant_id: row.restaurantId,
    permissions,
    name: row.name,
    status: row.status,
    locale: row.locale,
    restaurant: restaurant
      ? {
          id: restaurant.id,
          name: restaurant.name,
          is_demo: restaurant.isDemo,
          timezone: restaurant.timezone,
          notifications_enabled: restaurant.notificationsEnabled,
        }
      : null,
    ...(isTeamAccount(row)
      ? { two_factor_enrolment_required: teamTwoFactorRequired && row.totpEnabledAt === null }
      : {}),
  };
}

function isTeamAccount(row: UserRow): boolean {
  return row.role === 'team' && row.restaurantId === null;
}

/** Whether the platform requires two-factor sign-in of team accounts (its settings' row). */
export const teamTwoFactorRequiredSql = sql<boolean>`coalesce((select ${platformSettings.requireTeamTwoFactor} from ${platformSettings} where ${platformSettings.id} = 1), false)`;

/** Whether this account may act only to set up its two-factor sign-in (see `toUser`). */
export async function teamTwoFactorRequired(db: Db, row: UserRow): Promise<boolean> {
  if (!isTeamAccount(row) || row.totpEnabledAt !== null) return false;
  const [settings] = await db
    .select({ required: platformSettings.requireTeamTwoFactor })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return settings?.required === true;
}

export interface AuthContext {
  user: User;
  sessionId: string;
  restaurantId: string | null;
  /** When the sign-in session ends by itself (live sockets are closed then). */
  expiresAt: Date;
  /** The last call made with the session before this one (kept to the minute), if any. */
  lastSeenAt: Date | null;
}

/** Resolves a bearer token to its user; any problem is a 401 that makes the web clear its session. */
export async function authenticate(db: Db, token: string): Promise<AuthContext> {
  if (!token || token.length > 200) throw refuse('SIGN_IN_REQUIRED');
  const [row] = await db
    .select({
      user: users,
      sessionId: authSessions.id,
      expiresAt: authSessions.expiresAt,
      lastSeenAt: authSessions.lastSeenAt,
      restaurantStatus: restaurants.status,
      teamTwoFactorRequired: teamTwoFactorRequiredSql,
      restaurant: {
        id: restaurants.id,
        name: restaurants.name,
        isDemo: restaurants.isDemo,
        timezone: restaurants.timezone,
        notificationsEnabled: restaurants.notificationsEnabled,
      },
    })
    .from(authSessions)
    .innerJoin(users, eq(authSessions.userId, users.id))
    .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
    .where(
      and(
        eq(authSessions.tokenHash, hashToken(token)),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  if (!row) throw refuse('SESSION_EXPIRED');
  if (row.user.status === 'inactive') throw refuse('SESSION_ACCOUNT_DEACTIVATED');
  if (row.restaurantStatus === 'suspended') throw refuse('SESSION_RESTAURANT_SUSPENDED');
  return {
    user: toUser(
      row.user,
      row.user.restaurantId ? row.restaurant : null,
      row.teamTwoFactorRequired,
    ),
    sessionId: row.sessionId,
    restaurantId: row.user.restaurantId,
    expiresAt: row.expiresAt,
    lastSeenAt: row.lastSeenAt,
  };
}

/** How stale a session's last-seen time may get before a call refreshes it. */
export const LAST_SEEN_PRECISION_MS = 60_000;

/**
 * Notes that the session was used now, at most once a minute: one indexed update on the first
 * call of each minute, nothing on the others (the admin's active sessions list shows it).
 */
export async function touchSession(db: Db, auth: AuthContext, now = new Date()): Promise<void> {
  if (auth.lastSeenAt && now.getTime() - auth.lastSeenAt.getTime() < LAST_SEEN_PRECISION_MS) {
    return;
  }
  await db
    .update(authSessions)
    .set({ lastSeenAt: now })
    .where(
      and(
        eq(authSessions.id, auth.sessionId),
        // Another call of the same minute (or instance) may have done it already.
        or(
          isNull(authSessions.lastSeenAt),
          lt(authSessions.lastSeenAt, new Date(now.getTime() - LAST_SEEN_PRECISION_MS)),
        ),
      ),
    );
  auth.lastSeenAt = now;
}

export function userHasPermission(user: User, permission: Permission): boolean {
  return hasPermission(user.permissions, permission);
}
