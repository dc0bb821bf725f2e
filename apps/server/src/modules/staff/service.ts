import {
  centsToAmount,
  effectivePermissions,
  type GrantablePermission,
  hasPermission,
  isGrantablePermission,
  manageableRoles,
  WS_CLOSE,
  WS_REVOKED,
  type Role,
  type StaffMember,
  type User,
} from '@tavola/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../core/db/client.js';
import { restaurants, users } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { StaffActor } from '../../core/auth/actors.js';
import { hashPassword } from '../../core/auth/password.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import {
  assertPasswordAllowed,
  assertUsernameAvailable,
  revokeUserSessions,
  usernameUnavailableError,
} from '../auth/index.js';
import { releaseWaiterTables, tablesHeldBy } from '../tables/index.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { assertCanAdd } from '../../platform/plans/index.js';
import { currentReservedNames } from '../../platform/settings/index.js';

function toStaff(row: typeof users.$inferSelect, tablesHeld = 0): StaffMember {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: row.role,
    status: row.status,
    shift: row.shift,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    tablesHeld,
    grantedPermissions: row.extraPermissions.filter(isGrantablePermission),
    permissions: effectivePermissions(row.role, row.extraPermissions),
    discountLimit: {
      maxPercent: row.discountLimitPercentBps === null ? null : row.discountLimitPercentBps / 100,
      maxAmount: row.discountLimitCents === null ? null : centsToAmount(row.discountLimitCents),
    },
  };
}

export async function listStaff(db: Db, user: User, restaurantId: string) {
  const rows = await db
    .select()
    .from(users)
    .where(
      and(eq(users.restaurantId, restaurantId), inArray(users.role, manageableRoles(user.role))),
    )
    .orderBy(asc(users.role), asc(users.name));
  const held = await tablesHeldBy(db, restaurantId);
  return rows.map((row) => toStaff(row, held.get(row.id) ?? 0));
}

export async function createStaff(
  ctx: WorkContext,
  actor: StaffActor,
  input: {
    name: string;
    username: string;
    password: string;
    role: Role;
    shift?: string | undefined;
    status: 'active' | 'off_duty';
  },
) {
  const { user, restaurantId } = actor;
  if (!manageableRoles(user.role).includes(input.role)) {
    throw refuse('STAFF_ROLE_CREATE_NOT_ALLOWED', { role: input.role });
  }
  const [restaurant] = await ctx.db
    .select({ slug: restaurants.slug })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  const usernameRules = {
    restaurantSlug: restaurant?.slug ?? 'staff',
    reserved: await currentReservedNames(ctx.db),
  };
  await assertUsernameAvailable(ctx.db, input.username, usernameRules);
  await assertPasswordAllowed(ctx.db, restaurantId, input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  try {
    return await runWork(ctx, actor, async (uow) => {
      const { tx } = uow;
      await assertCanAdd(tx, restaurantId, 'staff');
      const [row] = await tx
        .insert(users)
        .values({
          restaurantId,
          name: input.name,
          username: input.username,
          passwordHash,
          role: input.role,
          shift: input.shift ?? null,
          status: input.status,
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      uow.emit({
        type: 'staff_updated',
        data: { userId: row.id, role: row.role, status: row.status, change: 'created' },
      });
      uow.audit({
        action: 'staff.created',
        entityType: 'user',
        entityId: row.id,
        details: { username: row.username, role: row.role },
      });
      return toStaff(row);
    });
  } catch (error) {
    // Taken meanwhile by a parallel request: the same answer as the check before.
    if (isUniqueViolation(error)) {
      throw await usernameUnavailableError(ctx.db, input.username, usernameRules);
    }
    throw error;
  }
}

export async function updateStaff(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  input: {
    name?: string | undefined;
    password?: string | undefined;
    role?: Role | undefined;
    shift?: string | null | undefined;
    status?: 'active' | 'off_duty' | 'inactive' | undefined;
  },
) {
  const { user, restaurantId } = actor;
  const allowed = manageableRoles(user.role);
  const [target] = await ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.restaurantId, restaurantId)));
  // Accounts you may not manage look the same as accounts that do not exist.
  if (!target || !allowed.includes(target.role)) throw refuse('STAFF_NOT_FOUND');
  if (input.role && !allowed.includes(input.role))
    throw refuse('STAFF_ROLE_GIVE_NOT_ALLOWED', { role: input.role });
  if (target.id === user.id && input.status === 'inactive')
    throw refuse('STAFF_CANNOT_DEACTIVATE_SELF');

  if (input.password !== undefined) {
    await assertPasswordAllowed(ctx.db, restaurantId, input.password, target.username);
  }
  const passwordHash =
    input.password !== undefined ? await hashPassword(input.password) : undefined;
  const reactivating =
    target.status === 'inactive' && input.status !== undefined && input.status !== 'inactive';
  // Someone who leaves the floor (deactivated, or a waiter given another role) keeps no table
  // locked to them: the tables still theirs are released for any waiter to claim.
  const leavesTables =
    input.status === 'inactive' ||
    (target.role === 'waiter' && input.role !== undefined && input.role !== 'waiter');
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    // A deactivated account coming back counts against the plan like a new one.
    if (reactivating) await assertCanAdd(tx, restaurantId, 'staff');
    if (leavesTables) await releaseWaiterTables(uow, { id: target.id, name: target.name });
    const [row] = await tx
      .update(users)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(input.shift !== undefined ? { shift: input.shift } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(passwordHash !== undefined ? { passwordHash } : {}),
        updatedAt: new Date(),
      })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw refuse('STAFF_NOT_FOUND');
    // A deactivated account, or one whose password or role changed, must sign in again, and
    // its live screens end with its sessions.
    const why =
      input.status === 'inactive'
        ? WS_REVOKED.deactivated
        : input.role !== undefined
          ? WS_REVOKED.roleChanged
          : input.password !== undefined
            ? WS_REVOKED.passwordChanged
            : null;
    if (why) {
      await revokeUserSessions(tx, id);
      uow.disconnect({ match: { userId: id }, code: WS_CLOSE.unauthorized, reason: why });
    }
    uow.emit({
      type: 'staff_updated',
      data: { userId: row.id, role: row.role, status: row.status, change: 'updated' },
    });
    uow.audit({
      action: 'staff.updated',
      entityType: 'user',
      entityId: id,
      details: {
        fields: Object.keys(input).filter((k) => k !== 'password'),
        passwordChanged: input.password !== undefined,
      },
    });
    return toStaff(row, (await tablesHeldBy(tx, restaurantId)).get(id) ?? 0);
  });
}

/**
 * A manager grants (or takes back) point-of-sale permissions beyond a member of staff's role: the
 * whole list of grants is replaced. Only accounts the caller may manage, and only permissions the
 * caller holds themselves. Grants count from the account's next call (permissions are read from
 * the account at every call); its own screens hear the change and show or hide their actions.
 */
export async function setStaffPermissions(
  ctx: WorkContext,
  actor: StaffActor,
  id: string,
  granted: readonly GrantablePermission[],
) {
  const { user, restaurantId } = actor;
  for (const permission of granted) {
    if (!hasPermission(user.permissions, permission)) {
      throw refuse('STAFF_PERMISSIONS_NOT_ALLOWED');
    }
  }
  return runWork(ctx, actor, async (uow) => {
    const { tx } = uow;
    const [target] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, id), eq(users.restaurantId, restaurantId)))
      .for('no key update');
    // Accounts you may not manage look the same as accounts that do not exist.
    if (!target || !manageableRoles(user.role).includes(target.role)) {
      throw refuse('STAFF_NOT_FOUND');
    }
    const before = target.extraPermissions.filter(isGrantablePermission);
    // Anything else the row lists (granted by other means) is kept as it is.
    const others = target.extraPermissions.filter((p) => !isGrantablePermission(p));
    const [row] = await tx
      .update(users)
      .set({ extraPermissions: [...others, ...granted], updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    if (!row) throw refuse('STAFF_NOT_FOUND');
    const member = toStaff(row, (await tablesHeldBy(tx, restaurantId)).get(id) ?? 0);
    uow.emit({
      type: 'staff_updated',
      data: {
        userId: row.id,
        role: row.role,
        status: row.status,
        change: 'permissions',
        permissions: member.permissions,
      },
    });
    uow.audit({
      action: 'staff.permissions',
      entityType: 'user',
      entityId: id,
      details: {
        username: row.username,
        granted: granted.filter((p) => !before.includes(p)),
        revoked: before.filter((p) => !granted.includes(p)),
      },
    });
    return member;
  });
}

/** Removing a staff member deactivates the account; their history stays attributed. */
export function deactivateStaff(ctx: WorkContext, actor: StaffActor, id: string) {
  return updateStaff(ctx, actor, id, { status: 'inactive' });
}

export async function activeStaffCount(db: Db, restaurantId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(
      and(
        eq(users.restaurantId, restaurantId),
        eq(users.status, 'active'),
        inArray(users.role, ['waiter', 'kitchen', 'bar']),
      ),
    );
  return row?.n ?? 0;
}

/** The restaurant's accounts counted by role and status (the admin's overview). */
export async function accountsByRoleAndStatus(db: Db, restaurantId: string) {
  return db
    .select({ role: users.role, status: users.status, count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.restaurantId, restaurantId))
    .groupBy(users.role, users.status)
    .orderBy(asc(users.role), asc(users.status));
}
