import {
  mailText,
  EMAIL_VERIFICATION_TTL_HOURS,
  type AccountEmailStatus,
  type EmailVerificationOutcome,
} from '@tavola/contract';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hashToken, newToken } from '../../core/auth/tokens.js';
import type { DbOrTx } from '../../core/db/client.js';
import { accountTokens, users } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';
import type { Mailer } from '../../core/mail/mailer.js';

/** What mailing links to accounts needs: the mail server and the address the web app is at. */
export interface AccountMail {
  mailer: Mailer | null;
  /** The web app's address (PUBLIC_URL): links are never built from a request's Host header. */
  publicUrl: string | undefined;
  productName: string;
}

/** Whether links can be mailed at all on this server. */
export const canMailLinks = (mail: AccountMail) => mail.mailer !== null && !!mail.publicUrl;

/**
 * A new verification link for an account's address: older unused ones stop working, only the
 * token's hash is stored.
 */
async function issueVerificationToken(db: DbOrTx, userId: string, email: string): Promise<string> {
  const token = newToken();
  await db
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, 'verify_email'),
        isNull(accountTokens.usedAt),
      ),
    );
  await db.insert(accountTokens).values({
    userId,
    purpose: 'verify_email',
    email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000),
  });
  return token;
}

/**
 * Mails a link proving `email` is the account's. Without mail configured nothing is sent and no
 * link is made (the owner asks again once mail is available); a refusal of the mail server is
 * said as such, never as sent.
 */
export async function sendVerificationLink(
  db: DbOrTx,
  mail: AccountMail,
  log: FastifyBaseLogger,
  account: { id: string; name: string; email: string },
): Promise<EmailVerificationOutcome> {
  if (!mail.mailer || !mail.publicUrl) return 'mail_unavailable';
  const token = await issueVerificationToken(db, account.id, account.email);
  const link = new URL('/verify-email', mail.publicUrl);
  link.searchParams.set('token', token);
  try {
    await mail.mailer.send({
      to: [account.email],
      subject: mailText('EMAIL_VERIFICATION_SUBJECT', { product: mail.productName }),
      text: mailText('EMAIL_VERIFICATION_BODY', {
        name: account.name,
        email: account.email,
        product: mail.productName,
        link: link.toString(),
        hours: EMAIL_VERIFICATION_TTL_HOURS,
      }),
      attachments: [],
    });
    return 'sent';
  } catch (error) {
    log.warn({ err: error, userId: account.id }, 'verification email not sent');
    return 'not_sent';
  }
}

/**
 * Opens a verification link: the account's address is verified if it is still the one the link
 * was mailed to. Unknown, used and expired links get one answer; each works once.
 */
export async function verifyEmailToken(db: DbOrTx, token: string): Promise<{ email: string }> {
  const now = new Date();
  // Marking it used is the claim: of two clicks at once, one gets the row.
  const [claimed] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.purpose, 'verify_email'),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId, email: accountTokens.email });
  if (!claimed) throw refuse('EMAIL_LINK_INVALID');
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, claimed.userId), sql`lower(${users.email}) = ${claimed.email}`))
    .returning({ id: users.id });
  // The address was changed after the link was sent: the link proves nothing about the new one.
  if (!user) throw refuse('EMAIL_LINK_INVALID');
  return { email: claimed.email };
}

/** The signed-in account's address and whether it is verified. */
export async function accountEmailStatus(
  db: DbOrTx,
  mail: AccountMail,
  userId: string,
): Promise<AccountEmailStatus> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw refuse('ACCOUNT_NOT_FOUND');
  return {
    email: row.email,
    verified: row.email !== null && row.verifiedAt !== null,
    verifiedAt: row.email !== null ? (row.verifiedAt?.toISOString() ?? null) : null,
    mailAvailable: canMailLinks(mail),
  };
}

/**
 * Sets the account's address (unverified until its link is opened; the same address again only
 * mails a new link) and mails the link.
 */
export async function changeAccountEmail(
  db: DbOrTx,
  mail: AccountMail,
  log: FastifyBaseLogger,
  account: { id: string; name: string },
  email: string,
): Promise<AccountEmailStatus> {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, account.id));
  if (!row) throw refuse('ACCOUNT_NOT_FOUND');
  if (row.email !== email) {
    await db
      .update(users)
      .set({ email, emailVerifiedAt: null, updatedAt: new Date() })
      .where(eq(users.id, account.id));
  }
  const alreadyVerified = row.email === email && row.verifiedAt !== null;
  const verification = alreadyVerified
    ? undefined
    : await sendVerificationLink(db, mail, log, { ...account, email });
  return {
    ...(await accountEmailStatus(db, mail, account.id)),
    ...(verification ? { verification } : {}),
  };
}
