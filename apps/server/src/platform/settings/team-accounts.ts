import {
  WS_CLOSE,
  WS_REVOKED,
  type TeamMemberAccount,
  type teamMemberCreateSchema,
} from '@tavola/contract';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TeamMember } from '../../core/auth/actors.js';
import { hashPassword } from '../../core/auth/password.js';
import type { DbOrTx } from '../../core/db/client.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { users } from '../../core/db/schema.js';
import { runPlatformWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { assertPasswordAllowed, revokeUserSessions } from '../../modules/auth/index.js';

type UserRow = typeof users.$inferSelect;

const usernameTaken = (username: string) => refuse('USERNAME_TAKEN', { username });

function toAccount(row: UserRow): TeamMemberAccount {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const isTeam = () => and(eq(users.role, 'team'), sql`${users.restaurantId} is null`);

/** The platform team's accounts, the active ones first, then by name. */
export async function listTeamMembers(db: DbOrTx): Promise<TeamMemberAccount[]> {
  const rows = await db
    .select()
    .from(users)
    .where(isTeam())
    .orderBy(sql`${users.status} = 'inactive'`, asc(users.name));
  return rows.map(toAccount);
}

/**
 * The team adds a member: a `team` account with no restaurant. The password
 * passes the same policy as every other (length, not the username, not a common password).
 */
export async function createTeamMember(
  ctx: WorkContext,
  member: TeamMember,
  input: z.output<typeof teamMemberCreateSchema>,
): Promise<TeamMemberAccount> {
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${input.username.toLowerCase()}`)
    .limit(1);
  if (taken) throw usernameTaken(input.username);
  await assertPasswordAllowed(ctx.db, null, input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  return runPlatformWork(ctx, member, async (uow) => {
    let row: UserRow | undefined;
    try {
      // A savepoint: a username taken meanwhile answers 409 and leaves the transaction usable.
      row = await uow.tx.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(users)
          .values({
            restaurantId: null,
            role: 'team',
            username: input.username,
            name: input.name,
            passwordHash,
          })
          .returning();
        return inserted;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw usernameTaken(input.username);
      throw error;
    }
    if (!row) throw new Error('team member insert returned nothing');
    uow.audit({
      action: 'team.member_created',
      entityType: 'user',
      entityId: row.id,
      details: { username: row.username, name: row.name },
    });
    return toAccount(row);
  });
}

/**
 * Deactivates a team member: their sessions end and their live screens close at once, on every
 * instance. Never the member acting, never the last active one: the team's accounts are locked
 * (in a fixed order) so two deactivations at once cannot leave nobody.
 */
export async function deactivateTeamMember(
  ctx: WorkContext,
  member: TeamMember,
  id: string,
): Promise<TeamMemberAccount> {
  if (id === member.user.id) throw refuse('TEAM_CANNOT_DEACTIVATE_SELF');
  return runPlatformWork(ctx, member, async (uow) => {
    const team = await uow.tx
      .select()
      .from(users)
      .where(isTeam())
      .orderBy(asc(users.id))
      .for('update');
    const target = team.find((u) => u.id === id);
    if (!target) throw refuse('TEAM_MEMBER_NOT_FOUND');
    if (target.status === 'inactive') return toAccount(target);
    const othersActive = team.filter((u) => u.id !== id && u.status !== 'inactive').length;
    if (othersActive === 0) throw refuse('TEAM_LAST_MEMBER');
    const [row] = await uow.tx
      .update(users)
      .set({ status: 'inactive', updatedAt: new Date() })
      .where(and(eq(users.id, id), ne(users.status, 'inactive')))
      .returning();
    await revokeUserSessions(uow.tx, id);
    uow.disconnect({
      match: { userId: id },
      code: WS_CLOSE.unauthorized,
      reason: WS_REVOKED.deactivated,
    });
    uow.audit({
      action: 'team.member_deactivated',
      entityType: 'user',
      entityId: id,
      details: { username: target.username, name: target.name },
    });
    return toAccount(row ?? target);
  });
}
