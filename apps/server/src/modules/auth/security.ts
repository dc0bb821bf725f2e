import {
  WS_CLOSE,
  WS_REVOKED,
  type ActiveSession,
  type SecuritySettings,
  type SecuritySettingsInput,
} from '@tavola/contract';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Db } from '../../core/db/client.js';
import { authSessions, restaurants, users } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { describeDevice } from './user-agent.js';

/** The admin's Security tab, server side. */

export async function getSecuritySettings(db: Db, restaurantId: string): Promise<SecuritySettings> {
  const [row] = await db
    .select({
      sessionTimeoutHours: restaurants.sessionTimeoutHours,
      passwordMinLength: restaurants.passwordMinLength,
    })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw refuse('RESTAURANT_NOT_FOUND');
  return row;
}

/**
 * Changes the session timeout and the password policy. A new timeout applies to sign-ins from
 * now on (sessions already open keep the end they were given); a new minimum length applies to
 * passwords set from now on.
 */
export async function updateSecuritySettings(
  ctx: WorkContext,
  actor: StaffActor,
  input: SecuritySettingsInput,
): Promise<SecuritySettings> {
  return runWork(ctx, actor, async (uow) => {
    const [before] = await uow.tx
      .select({
        sessionTimeoutHours: restaurants.sessionTimeoutHours,
        passwordMinLength: restaurants.passwordMinLength,
      })
      .from(restaurants)
      .where(eq(restaurants.id, actor.restaurantId))
      .for('update');
    if (!before) throw refuse('RESTAURANT_NOT_FOUND');
    const changes: Record<string, { from: number; to: number }> = {};
    for (const key of ['sessionTimeoutHours', 'passwordMinLength'] as const) {
      const to = input[key];
      if (to !== undefined && to !== before[key]) changes[key] = { from: before[key], to };
    }
    if (Object.keys(changes).length === 0) return before;
    const [after] = await uow.tx
      .update(restaurants)
      .set({
        ...(input.sessionTimeoutHours !== undefined
          ? { sessionTimeoutHours: input.sessionTimeoutHours }
          : {}),
        ...(input.passwordMinLength !== undefined
          ? { passwordMinLength: input.passwordMinLength }
          : {}),
        updatedAt: new Date(),
      })
      .where(eq(restaurants.id, actor.restaurantId))
      .returning({
        sessionTimeoutHours: restaurants.sessionTimeoutHours,
        passwordMinLength: restaurants.passwordMinLength,
      });
    uow.audit({
      action: 'restaurant.settings',
      entityType: 'restaurant',
      entityId: actor.restaurantId,
      details: { section: 'security', changes },
    });
    return after!;
  });
}

/** The restaurant's sign-in sessions open now, the most recently used first. */
export async function listActiveSessions(db: Db, actor: StaffActor): Promise<ActiveSession[]> {
  const rows = await db
    .select({
      id: authSessions.id,
      userId: users.id,
      username: users.username,
      name: users.name,
      role: users.role,
      userAgent: authSessions.userAgent,
      ip: authSessions.ip,
      createdAt: authSessions.createdAt,
      lastSeenAt: authSessions.lastSeenAt,
      expiresAt: authSessions.expiresAt,
    })
    .from(authSessions)
    .innerJoin(users, eq(authSessions.userId, users.id))
    .where(
      and(
        eq(users.restaurantId, actor.restaurantId),
        isNull(authSessions.revokedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    )
    .orderBy(
      desc(sql`coalesce(${authSessions.lastSeenAt}, ${authSessions.createdAt})`),
      desc(authSessions.createdAt),
    );
  return rows.map((row) => ({
    id: row.id,
    userId: row.userId,
    username: row.username,
    name: row.name,
    role: row.role,
    device: describeDevice(row.userAgent),
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === actor.authSessionId,
  }));
}

/**
 * Ends one of the restaurant's sign-in sessions: its token stops working and its live screens
 * are closed at once (on every instance). Another restaurant's session is not found.
 */
export async function revokeSession(
  ctx: WorkContext,
  actor: StaffActor,
  sessionId: string,
): Promise<void> {
  await runWork(ctx, actor, async (uow) => {
    const [target] = await uow.tx
      .select({ id: authSessions.id, userId: users.id, username: users.username })
      .from(authSessions)
      .innerJoin(users, eq(authSessions.userId, users.id))
      .where(
        and(
          eq(authSessions.id, sessionId),
          eq(users.restaurantId, actor.restaurantId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, new Date()),
        ),
      );
    if (!target) throw refuse('SESSION_NOT_FOUND');
    await uow.tx
      .update(authSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSessions.id, target.id), isNull(authSessions.revokedAt)));
    uow.disconnect({
      match: { authSessionId: target.id },
      code: WS_CLOSE.unauthorized,
      reason: WS_REVOKED.sessionEnded,
    });
    uow.audit({
      action: 'auth.session_revoked',
      entityType: 'user',
      entityId: target.userId,
      details: { sessionId: target.id, username: target.username },
    });
  });
}
