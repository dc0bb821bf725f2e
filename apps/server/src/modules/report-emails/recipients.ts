import {
  CONFIRMATION_LINK_DAYS,
  CONFIRMATION_SUBJECT,
  mailText,
  CONFIRMATIONS_PER_ADDRESS_PER_DAY,
  RECIPIENT_LINK_PATH,
  UNSUBSCRIBE_LINK_DAYS,
  type RecipientLink,
  type RecipientStatus,
  type ReportRecipientStatus,
} from '@tavola/contract';
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { systemActor } from '../../core/auth/actors.js';
import { hashToken, newToken } from '../../core/auth/tokens.js';
import type { DbOrTx, Tx } from '../../core/db/client.js';
import { reportRecipientLinks, reportRecipients, restaurants } from '../../core/db/schema.js';
import type { ServerContext } from '../../core/context.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import type { Mailer } from '../../core/mail/mailer.js';
import { releaseEmail, takeEmail } from './volume.js';

type LinkPurpose = RecipientLink['purpose'];

const DAY_MS = 86_400_000;

/** Names the addresses for the restaurant (pending unless already known). */
export async function registerRecipients(
  uow: UnitOfWork,
  scheduleId: string,
  emails: string[],
): Promise<void> {
  if (emails.length === 0) return;
  await uow.tx
    .insert(reportRecipients)
    .values(emails.map((email) => ({ restaurantId: uow.restaurantId, email })))
    .onConflictDoNothing();
  // With the change: the confirmation consumer asks the pending ones, even if this instance
  // stops right after the commit.
  uow.emit({ type: 'report_recipients_named', data: { scheduleId, recipients: emails } });
}

/** Each address's confirmation, as the restaurant knows it (unknown ones are pending). */
export async function recipientStatuses(
  db: DbOrTx,
  restaurantId: string,
  emails: string[],
): Promise<Map<string, ReportRecipientStatus>> {
  if (emails.length === 0) return new Map();
  const rows = await db
    .select({ email: reportRecipients.email, status: reportRecipients.status })
    .from(reportRecipients)
    .where(
      and(eq(reportRecipients.restaurantId, restaurantId), inArray(reportRecipients.email, emails)),
    );
  return new Map(rows.map((r) => [r.email, r.status]));
}

export const statusList = (
  emails: string[],
  statuses: Map<string, ReportRecipientStatus>,
): RecipientStatus[] =>
  emails.map((email) => ({ email, status: statuses.get(email) ?? 'pending' }));

/** The recipients that confirmed, of the given addresses. */
export async function confirmedRecipients(
  db: DbOrTx,
  restaurantId: string,
  emails: string[],
): Promise<{ id: string; email: string }[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ id: reportRecipients.id, email: reportRecipients.email })
    .from(reportRecipients)
    .where(
      and(
        eq(reportRecipients.restaurantId, restaurantId),
        inArray(reportRecipients.email, emails),
        eq(reportRecipients.status, 'confirmed'),
      ),
    );
  // In the schedule's order.
  return rows.sort((a, b) => emails.indexOf(a.email) - emails.indexOf(b.email));
}

/** Pending addresses whose confirmation may be sent now (none sent within a link's lifetime). */
export async function pendingToAsk(
  db: DbOrTx,
  restaurantId: string,
  emails: string[],
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: reportRecipients.email })
    .from(reportRecipients)
    .where(
      and(
        eq(reportRecipients.restaurantId, restaurantId),
        inArray(reportRecipients.email, emails),
        eq(reportRecipients.status, 'pending'),
        or(
          isNull(reportRecipients.confirmationSentAt),
          lt(
            reportRecipients.confirmationSentAt,
            new Date(Date.now() - CONFIRMATION_LINK_DAYS * DAY_MS),
          ),
        ),
      ),
    );
  return rows.map((r) => r.email);
}

/** A new link for a recipient: its token (to mail), of which only the hash is kept. */
export async function newRecipientLink(
  tx: DbOrTx,
  recipient: { id: string; restaurantId: string },
  purpose: LinkPurpose,
): Promise<string> {
  const token = newToken();
  const days = purpose === 'confirm' ? CONFIRMATION_LINK_DAYS : UNSUBSCRIBE_LINK_DAYS;
  // A recipient's expired links are of no use: they go as new ones are made.
  await tx
    .delete(reportRecipientLinks)
    .where(
      and(
        eq(reportRecipientLinks.recipientId, recipient.id),
        lt(reportRecipientLinks.expiresAt, new Date()),
      ),
    );
  await tx.insert(reportRecipientLinks).values({
    tokenHash: hashToken(token),
    recipientId: recipient.id,
    restaurantId: recipient.restaurantId,
    purpose,
    expiresAt: new Date(Date.now() + days * DAY_MS),
  });
  return token;
}

export const linkUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}${RECIPIENT_LINK_PATH}#${token}`;

/**
 * The restaurant's name as the confirmation email quotes it: letters, digits, spaces and a few
 * signs, at most 60 characters. A name is the restaurant's own free text; in an email to a
 * stranger it must not carry a web address, a line of its own or anything that reads as ours.
 */
export function plainName(name: string): string {
  const plain = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}&' -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim();
  return plain || 'a restaurant';
}

export function confirmationText(email: string, restaurantName: string, url: string): string {
  return mailText('REPORT_CONFIRMATION_BODY', {
    email,
    restaurant: plainName(restaurantName),
    link: url,
    days: CONFIRMATION_LINK_DAYS,
  });
}

export interface ConfirmRecipientData {
  restaurantId: string;
  email: string;
}

/**
 * Mails an address its one confirmation. The address is claimed first with a conditional update
 * (pending, and no confirmation sent within a link's lifetime), so however often it is named, on
 * however many instances, one email goes out per lifetime; besides, an address gets at most a
 * few a day from every restaurant together, and each counts against the restaurant's day. A send
 * that fails gives the claim and the day's email back and is tried again.
 */
export async function sendConfirmation(
  ctx: Pick<ServerContext, 'db' | 'log'>,
  mailer: Mailer | null,
  publicUrl: string | undefined,
  data: ConfirmRecipientData,
): Promise<void> {
  if (!mailer || !publicUrl) return;
  const windowStart = new Date(Date.now() - CONFIRMATION_LINK_DAYS * DAY_MS);
  const [claimed] = await ctx.db
    .update(reportRecipients)
    .set({ confirmationSentAt: new Date() })
    .where(
      and(
        eq(reportRecipients.restaurantId, data.restaurantId),
        eq(reportRecipients.email, data.email),
        eq(reportRecipients.status, 'pending'),
        or(
          isNull(reportRecipients.confirmationSentAt),
          lt(reportRecipients.confirmationSentAt, windowStart),
        ),
      ),
    )
    .returning({ id: reportRecipients.id, restaurantId: reportRecipients.restaurantId });
  if (!claimed) return;
  const unclaim = () =>
    ctx.db
      .update(reportRecipients)
      .set({ confirmationSentAt: null })
      .where(eq(reportRecipients.id, claimed.id));

  const [elsewhere] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(reportRecipients)
    .where(
      and(
        eq(reportRecipients.email, data.email),
        ne(reportRecipients.id, claimed.id),
        gt(reportRecipients.confirmationSentAt, new Date(Date.now() - DAY_MS)),
      ),
    );
  if ((elsewhere?.n ?? 0) >= CONFIRMATIONS_PER_ADDRESS_PER_DAY) {
    ctx.log.warn(
      { restaurantId: data.restaurantId },
      'confirmation not sent: the address had its confirmations for the day',
    );
    await unclaim();
    return;
  }
  const { taken } = await takeEmail(ctx.db, data.restaurantId, 'confirmations');
  if (!taken) {
    await unclaim();
    return;
  }
  try {
    const [restaurant] = await ctx.db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, data.restaurantId));
    const token = await newRecipientLink(ctx.db, claimed, 'confirm');
    await mailer.send({
      to: [data.email],
      subject: CONFIRMATION_SUBJECT,
      text: confirmationText(data.email, restaurant?.name ?? '', linkUrl(publicUrl, token)),
      attachments: [],
    });
  } catch (error) {
    await releaseEmail(ctx.db, data.restaurantId, 'confirmations');
    await unclaim();
    throw error;
  }
}

/** The live link behind a token, locked for its use (or 404 in the link's words). */
async function linkOf(tx: Tx, token: string) {
  const [link] = await tx
    .select({
      recipientId: reportRecipientLinks.recipientId,
      restaurantId: reportRecipientLinks.restaurantId,
      purpose: reportRecipientLinks.purpose,
      email: reportRecipients.email,
      status: reportRecipients.status,
      restaurantName: restaurants.name,
    })
    .from(reportRecipientLinks)
    .innerJoin(reportRecipients, eq(reportRecipients.id, reportRecipientLinks.recipientId))
    .innerJoin(restaurants, eq(restaurants.id, reportRecipientLinks.restaurantId))
    .where(
      and(
        eq(reportRecipientLinks.tokenHash, hashToken(token)),
        isNull(reportRecipientLinks.usedAt),
        gt(reportRecipientLinks.expiresAt, new Date()),
      ),
    )
    .for('update', { of: reportRecipientLinks });
  if (!link) throw refuse('RECIPIENT_LINK_INVALID');
  return link;
}

/** What a link is for (the page shows it before anything is pressed; reading changes nothing). */
export async function lookupLink(db: DbOrTx, token: string): Promise<RecipientLink> {
  const link = await db.transaction((tx) => linkOf(tx, token));
  return {
    email: link.email,
    restaurantName: link.restaurantName,
    purpose: link.purpose,
    status: link.status,
  };
}

/**
 * The recipient answers through a link: confirm (a confirmation link only) or decline (either
 * link: a confirmation's Decline, a report's stop link). The link is used up; a declined address
 * is never mailed again for that restaurant, and its other links stop working.
 */
export async function answerLink(
  ctx: WorkContext,
  token: string,
  answer: 'confirmed' | 'declined',
): Promise<RecipientLink> {
  const restaurantId = await restaurantOfLink(ctx.db, token);
  return runWork(ctx, systemActor(restaurantId), async (uow) => {
    // Locked: the same link pressed twice at once is used once.
    const link = await linkOf(uow.tx, token);
    if (link.restaurantId !== restaurantId) throw refuse('RECIPIENT_LINK_INVALID');
    if (answer === 'confirmed' && link.purpose !== 'confirm')
      throw refuse('RECIPIENT_LINK_INVALID');
    const now = new Date();
    await uow.tx
      .update(reportRecipientLinks)
      .set({ usedAt: now })
      .where(eq(reportRecipientLinks.tokenHash, hashToken(token)));
    await uow.tx
      .update(reportRecipients)
      .set(
        answer === 'confirmed'
          ? { status: answer, confirmedAt: now }
          : { status: answer, declinedAt: now },
      )
      .where(eq(reportRecipients.id, link.recipientId));
    if (answer === 'declined') {
      await uow.tx
        .delete(reportRecipientLinks)
        .where(eq(reportRecipientLinks.recipientId, link.recipientId));
    }
    uow.audit({
      action: answer === 'confirmed' ? 'report_recipient.confirmed' : 'report_recipient.declined',
      entityType: 'report_recipient',
      entityId: link.recipientId,
      details: { email: link.email },
    });
    return {
      email: link.email,
      restaurantName: link.restaurantName,
      purpose: link.purpose,
      status: answer,
    };
  });
}

async function restaurantOfLink(db: DbOrTx, token: string): Promise<string> {
  const [row] = await db
    .select({ restaurantId: reportRecipientLinks.restaurantId })
    .from(reportRecipientLinks)
    .where(eq(reportRecipientLinks.tokenHash, hashToken(token)));
  if (!row) throw refuse('RECIPIENT_LINK_INVALID');
  return row.restaurantId;
}
