import type { User } from '@tavola/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../core/audit/writer.js';
import type { Db, DbOrTx } from '../../core/db/client.js';
import { authSessions, restaurants, users } from '../../core/db/schema.js';
import { AppError } from '../../core/http/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../core/auth/password.js';
import { toUser, type AuthContext } from '../../core/auth/sessions.js';
import { newToken, hashToken } from '../../core/auth/tokens.js';

// Who a bearer token belongs to is infrastructure (core/auth/sessions); signing in and out is here.
export {
  authenticate,
  toUser,
  userHasPermission,
  type AuthContext,
} from '../../core/auth/sessions.js';

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
      restaurant: {
        id: restaurants.id,
        name: restaurants.name,
        isDemo: restaurants.isDemo,
        timezone: restaurants.timezone,
      },
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
