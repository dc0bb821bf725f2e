import type { User } from '@tavola/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { writeAudit } from '../../core/audit/writer.js';
import type { Db, DbOrTx } from '../../core/db/client.js';
import { authSessions, restaurants, users } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import { dummyPasswordHash, verifyPassword } from '../../core/auth/password.js';
import { teamTwoFactorRequired, toUser, type AuthContext } from '../../core/auth/sessions.js';
import { newToken, hashToken } from '../../core/auth/tokens.js';
import type { CounterStore } from '../../core/lib/rate-limiter.js';
import { recordLoginFailure } from './login-failures.js';
import {
  challengeUserId,
  hasTwoFactor,
  isValidLoginChallenge,
  loginCodeError,
  newLoginChallenge,
  useSecondFactor,
} from './two-factor.js';

// Who a bearer token belongs to is infrastructure (core/auth/sessions); signing in and out is here.
export {
  authenticate,
  toUser,
  userHasPermission,
  type AuthContext,
} from '../../core/auth/sessions.js';

export interface LoginMeta {
  ip?: string;
  userAgent?: string | undefined;
}

/** An account as sign-in reads it: the user, its restaurant's state and session timeout. */
export interface Account {
  user: UserRow;
  restaurantStatus: RestaurantStatus | null;
  restaurant: {
    id: string;
    name: string;
    isDemo: boolean;
    timezone: string;
    notificationsEnabled: boolean;
    sessionTimeoutHours: number;
  } | null;
}

type UserRow = typeof users.$inferSelect;
type RestaurantStatus = (typeof restaurants.$inferSelect)['status'];

const accountColumns = {
  user: users,
  restaurantStatus: restaurants.status,
  restaurant: {
    id: restaurants.id,
    name: restaurants.name,
    isDemo: restaurants.isDemo,
    timezone: restaurants.timezone,
    notificationsEnabled: restaurants.notificationsEnabled,
    sessionTimeoutHours: restaurants.sessionTimeoutHours,
  },
};

/** The account behind a user id (the second step of a two-factor sign-in). */
export async function accountById(db: Db, userId: string): Promise<Account | null> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/**
 * Checks a username and password; every refusal is recorded as a failed sign-in. Deactivated
 * accounts and suspended restaurants are told why only after a correct password.
 */
export async function checkPassword(
  db: Db,
  username: string,
  password: string,
  meta: LoginMeta = {},
): Promise<Account> {
  const [row] = await db
    .select(accountColumns)
    .from(users)
    .leftJoin(restaurants, eq(users.restaurantId, restaurants.id))
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);

  if (!row) {
    // Same work as a real check so response time does not reveal which usernames exist.
    await verifyPassword(await dummyPasswordHash(), password);
    await recordLoginFailure(db, { username, reason: 'unknown_user', ...meta });
    throw refuse('INVALID_CREDENTIALS');
  }
  if (!(await verifyPassword(row.user.passwordHash, password))) {
    await recordLoginFailure(db, { username, reason: 'wrong_password', account: row, ...meta });
    throw refuse('INVALID_CREDENTIALS');
  }
  await assertMaySignIn(db, row, meta);
  return row;
}

/** A deactivated account or a suspended restaurant cannot sign in (checked again after a code). */
export async function assertMaySignIn(db: Db, account: Account, meta: LoginMeta): Promise<void> {
  const username = account.user.username;
  if (account.user.status === 'inactive') {
    await recordLoginFailure(db, { username, reason: 'deactivated', account, ...meta });
    throw refuse('ACCOUNT_DEACTIVATED');
  }
  if (account.restaurantStatus === 'suspended') {
    await recordLoginFailure(db, { username, reason: 'suspended', account, ...meta });
    throw refuse('RESTAURANT_SUSPENDED');
  }
}

/**
 * Opens a sign-in session: a new random token, stored hashed. It lasts the restaurant's session
 * timeout as it is now (a later change applies to later sign-ins); `fallbackTtlHours` for the
 * platform team, who have no restaurant.
 */
export async function openSession(
  db: Db,
  account: Account,
  fallbackTtlHours: number,
  meta: LoginMeta = {},
  auditDetails?: Record<string, unknown>,
): Promise<{ token: string; user: User; expiresAt: Date }> {
  const { user } = account;
  const ttlHours =
    user.restaurantId && account.restaurant
      ? account.restaurant.sessionTimeoutHours
      : fallbackTtlHours;
  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + ttlHours * 3600_000);
  await db.transaction(async (tx) => {
    await tx.insert(authSessions).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt,
      ip: meta.ip ?? null,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      lastSeenAt: now,
    });
    await tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id));
    await writeAudit(
      tx,
      { restaurantId: user.restaurantId, userId: user.id, ip: meta.ip ?? null },
      [
        {
          action: 'auth.login',
          entityType: 'user',
          entityId: user.id,
          ...(auditDetails ? { details: auditDetails } : {}),
        },
      ],
    );
  });
  return {
    token,
    user: toUser(
      user,
      user.restaurantId ? account.restaurant : null,
      await teamTwoFactorRequired(db, user),
    ),
    expiresAt,
  };
}

export type LoginOutcome =
  | { kind: 'session'; token: string; user: User; expiresAt: Date }
  | { kind: 'challenge'; challenge: string; expiresAt: Date };

/**
 * Signs in with a password. An account with two-factor sign-in gets no token yet: a short-lived
 * challenge to answer with a code (POST /api/auth/login/two-factor).
 */
export async function beginLogin(
  db: Db,
  username: string,
  password: string,
  ttlHours: number,
  meta: LoginMeta = {},
): Promise<LoginOutcome> {
  const account = await checkPassword(db, username, password, meta);
  if (hasTwoFactor(account.user)) {
    return { kind: 'challenge', ...newLoginChallenge(account.user) };
  }
  return { kind: 'session', ...(await openSession(db, account, ttlHours, meta)) };
}

/**
 * Signs in with a password alone (a new owner right after sign-up). An account with two-factor
 * sign-in is refused: it signs in through the login route, which asks for the code.
 */
export async function login(
  db: Db,
  username: string,
  password: string,
  ttlHours: number,
  meta: LoginMeta = {},
): Promise<{ token: string; user: User; expiresAt: Date }> {
  const outcome = await beginLogin(db, username, password, ttlHours, meta);
  if (outcome.kind === 'challenge') throw refuse('LOGIN_CODE_NEEDED');
  const { kind: _kind, ...session } = outcome;
  return session;
}

/** The account a sign-in challenge was made for; 401 when it is not (or no longer) valid. */
export async function readLoginChallenge(db: Db, challenge: string): Promise<Account> {
  const userId = challengeUserId(challenge);
  const account = userId ? await accountById(db, userId) : null;
  if (!account || !isValidLoginChallenge(challenge, account.user)) {
    throw refuse('LOGIN_CHALLENGE_EXPIRED');
  }
  return account;
}

/**
 * The second step of a two-factor sign-in: an authenticator code or a recovery code, each
 * usable once. A wrong one is recorded as a failed sign-in.
 */
export async function finishLogin(
  db: Db,
  counters: CounterStore,
  account: Account,
  code: string,
  ttlHours: number,
  meta: LoginMeta = {},
): Promise<{ token: string; user: User; expiresAt: Date }> {
  const result = await useSecondFactor(db, counters, account.user, code);
  if (!result.ok) {
    await recordLoginFailure(db, {
      username: account.user.username,
      reason: 'wrong_code',
      account,
      ...meta,
    });
    throw loginCodeError(result);
  }
  await assertMaySignIn(db, account, meta);
  return openSession(db, account, ttlHours, meta, { twoFactor: result.factor });
}

/** A sign-in refused by the throttle still shows in the account's restaurant's list. */
export async function recordThrottledLogin(
  db: Db,
  username: string,
  meta: LoginMeta = {},
): Promise<void> {
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  await recordLoginFailure(db, {
    username,
    reason: 'too_many_attempts',
    ...(user ? { account: { user } } : {}),
    ...meta,
  });
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
