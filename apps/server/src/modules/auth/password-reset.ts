import { mailText, PASSWORD_RESET_TTL_MINUTES, WS_CLOSE, WS_REVOKED } from '@tavola/contract';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { systemActor } from '../../core/auth/actors.js';
import { hashPassword } from '../../core/auth/password.js';
import { hashToken, newToken } from '../../core/auth/tokens.js';
import type { DbOrTx } from '../../core/db/client.js';
import { accountTokens, restaurants, users } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import type { AccountMail } from './account-email.js';
import { assertPasswordAllowed } from './password-policy.js';
import { revokeUserSessions } from './service.js';

/**
 * The account a reset link may be mailed to: a restaurant account in use, whose address is
 * verified, in a restaurant that is not suspended. Null otherwise, and the caller answers the same.
 */
async function resettableAccount(db: DbOrTx, username: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .innerJoin(restaurants, eq(users.restaurantId, restaurants.id))
    .where(
      and(
        sql`lower(${users.username}) = ${username.toLowerCase()}`,
        sql`${users.status} <> 'inactive'`,
        sql`${restaurants.status} <> 'suspended'`,
        isNotNull(users.email),
        isNotNull(users.emailVerifiedAt),
      ),
    )
    .limit(1);
  return row?.email ? { ...row, email: row.email } : null;
}

/**
 * "Forgot password?": when the account may have a link, a new one (older ones void, only its hash
 * kept) is made and handed to `deliver`, which mails it after the answer has gone, so neither the
 * answer nor its time says whether the account exists.
 */
export async function requestPasswordReset(
  db: DbOrTx,
  mail: AccountMail,
  username: string,
): Promise<(() => Promise<void>) | null> {
  if (!mail.mailer || !mail.publicUrl) return null;
  const account = await resettableAccount(db, username);
  if (!account) return null;
  const token = newToken();
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, account.id),
        eq(accountTokens.purpose, 'reset_password'),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values({
    userId: account.id,
    purpose: 'reset_password',
    email: account.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  const link = new URL('/reset-password', mail.publicUrl);
  link.searchParams.set('token', token);
  const { mailer, productName } = mail;
  return async () => {
    await mailer.send({
      to: [account.email],
      subject: mailText('PASSWORD_RESET_SUBJECT', { product: productName }),
      text: mailText('PASSWORD_RESET_BODY', {
        name: account.name,
        product: productName,
        link: link.toString(),
        minutes: PASSWORD_RESET_TTL_MINUTES,
      }),
      attachments: [],
    });
  };
}

/** Mails the link without holding up the answer; a failure is logged, never told. */
export function deliverInBackground(
  deliver: (() => Promise<void>) | null,
  log: FastifyBaseLogger,
): void {
  if (!deliver) return;
  deliver().catch((error: unknown) => log.warn({ err: error }, 'password reset email not sent'));
}

/**
 * Sets a new password from a reset link. The password passes the account's policy before the
 * link is spent; the link then works once; every session of the account ends (its live screens
 * close), and the change is audited.
 */
export async function resetPassword(
  ctx: WorkContext,
  token: string,
  password: string,
): Promise<{ username: string }> {
  const tokenHash = hashToken(token);
  const valid = and(
    eq(accountTokens.tokenHash, tokenHash),
    eq(accountTokens.purpose, 'reset_password'),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );
  const [found] = await ctx.db
    .select({ userId: users.id, username: users.username, restaurantId: users.restaurantId })
    .from(accountTokens)
    .innerJoin(users, eq(accountTokens.userId, users.id))
    .where(valid);
  if (!found?.restaurantId) throw refuse('PASSWORD_RESET_LINK_INVALID');
  await assertPasswordAllowed(ctx.db, found.restaurantId, password, found.username);
  const passwordHash = await hashPassword(password);
  await runWork(ctx, systemActor(found.restaurantId), async (uow) => {
    // Spending the link is the claim: of two uses at once, one gets it.
    const [claimed] = await uow.tx
      .update(accountTokens)
      .set({ usedAt: new Date() })
      .where(valid)
      .returning({ id: accountTokens.id });
    if (!claimed) throw refuse('PASSWORD_RESET_LINK_INVALID');
    await uow.tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(users.id, found.userId));
    await revokeUserSessions(uow.tx, found.userId);
    uow.disconnect({
      match: { userId: found.userId },
      code: WS_CLOSE.unauthorized,
      reason: WS_REVOKED.passwordChanged,
    });
    uow.audit({
      action: 'auth.password_reset',
      entityType: 'user',
      entityId: found.userId,
      details: { username: found.username, by: 'email link' },
    });
  });
  return { username: found.username };
}
