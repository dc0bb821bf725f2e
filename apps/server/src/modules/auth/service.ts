import {
  hasPermission,
  permissionsForRole,
  PLATFORM_PERMISSIONS,
  type Permission,
  type User,
} from '@tavola/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../core/audit/writer.js';
import type { Db, DbOrTx } from '../../core/db/client.js';
import { authSessions, restaurants, users } from '../../core/db/schema.js';
import { AppError, unauthorized } from '../../core/http/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../core/auth/password.js';
import { hashToken, newToken } from '../../core/auth/tokens.js';

type UserRow = typeof users.$inferSelect;
type RestaurantInfo = { id: string; name: string; isDemo: boolean } | null;

/**
 * The user as the API shows it: the role's permissions plus any granted individually. Platform
 * permissions belong to the platform team alone: a restaurant account never holds one, even
 * when its row lists it.
 */
export function toUser(row: UserRow, restaurant: RestaurantInfo = null): User {
  const extra = row.extraPermissions.filter(
    (p) => row.role === 'team' || !(PLATFORM_PERMISSIONS as readonly string[]).includes(p),
  );
  const permissions = new Set<string>([...permissionsForRole(row.role), ...extra]);
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    restaurant_id: row.restaurantId,
    permissions: [...permissions],
    name: row.name,
    status: row.status,
    restaurant: restaurant
      ? { id: restaurant.id, name: restaurant.name, is_demo: restaurant.isDemo }
      : null,
  };
}

export interface AuthContext {
  user: User;
  sessionId: string;
  restaurantId: string | null;
  /** When the sign-in session ends by itself (live sockets are closed then). */
  expiresAt: Date;
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

export interface LoginMeta {
  ip?: string;
  userAgent?: string;
}

export async function login(
  db: Db,
  username: string,
  password: string,
  ttlHours: number,
  meta: LoginMeta = {},
): Promise<{ token: string; user: User; expiresAt: Date }> {
  const [row] = await db
    .select({
      user: users,
      restaurantStatus: restaurants.status,
      restaurant: { id: restaurants.id, name: restaurants.name, isDemo: restaurants.isDemo },
    })
    .from(users)
    .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);

  if (!row) {
    // Same work as a real check so response time does not reveal which usernames exist.
    await verifyPassword(await dummyPasswordHash(), password);
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(row.user.passwordHash, password))) {
    throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS);
  }
  if (row.user.status === 'inactive') {
    throw new AppError(
      'FORBIDDEN',
      'This account is deactivated. Ask your manager to reactivate it.',
    );
  }
  if (row.restaurantStatus === 'suspended') {
    throw new AppError('FORBIDDEN', 'This restaurant is suspended. Contact Tavola support.');
  }

  const token = newToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3600_000);
  await db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      userId: row.user.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, row.user.id));
    await writeAudit(
      tx,
      { restaurantId: row.user.restaurantId, userId: row.user.id, ip: meta.ip ?? null },
      [{ action: 'auth.login', entityType: 'user', entityId: row.user.id }],
    );
  });
  return {
    token,
    user: toUser(row.user, row.user.restaurantId ? row.restaurant : null),
    expiresAt,
  };
}

/** Whether `username` signed in from `ip` within the last `days` days (the address is theirs). */
export async function hasSignedInFrom(
  db: Db,
  username: string,
  ip: string,
  days: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .innerJoin(users, eq(authSessions.userId, users.id))
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        eq(authSessions.ip, ip),
        gt(authSessions.createdAt, new Date(Date.now() - days * 86_400_000)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Resolves a bearer token to its user; any problem is a 401 that makes the web clear its session. */
export async function authenticate(db: Db, token: string): Promise<AuthContext> {
  if (!token || token.length > 200) throw unauthorized();
  const [row] = await db
    .select({
      user: users,
      sessionId: authSessions.id,
      expiresAt: authSessions.expiresAt,
      restaurantStatus: restaurants.status,
      restaurant: { id: restaurants.id, name: restaurants.name, isDemo: restaurants.isDemo },
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
  if (!row) throw unauthorized('Your session has expired, please sign in again');
  if (row.user.status === 'inactive') throw unauthorized('This account is deactivated');
  if (row.restaurantStatus === 'suspended') throw unauthorized('This restaurant is suspended');
  return {
    user: toUser(row.user, row.user.restaurantId ? row.restaurant : null),
    sessionId: row.sessionId,
    restaurantId: row.user.restaurantId,
    expiresAt: row.expiresAt,
  };
}

export async function logout(db: Db, auth: AuthContext, ip?: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, auth.sessionId), isNull(authSessions.revokedAt)));
    await writeAudit(
      tx,
      { restaurantId: auth.restaurantId, userId: auth.user.id, ip: ip ?? null },
      [{ action: 'auth.logout', entityType: 'user', entityId: auth.user.id }],
    );
  });
}

/** Ends every open session of a user (deactivation, password change). */
export async function revokeUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

export function userHasPermission(user: User, permission: Permission): boolean {
  return hasPermission(user.permissions, permission);
}
