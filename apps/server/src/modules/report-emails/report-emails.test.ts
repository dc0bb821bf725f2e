import {
  CONFIRMATION_SUBJECT,
  dailyEmailLimitReached,
  EMAIL_NOT_CONFIGURED,
  NO_CONFIRMED_RECIPIENTS,
  RECIPIENT_LINK_INVALID,
  SEND_NOW_INTERVAL_MINUTES,
  sendNowTooSoon,
  REPORT_SCHEDULES_LIMIT,
  REPORT_SCHEDULES_MAX,
  platformRoutes,
  reportEmailsRoutes,
  type RouteInput,
} from '@tavola/contract';
import type { ParsedMail } from 'mailparser';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig, type Config } from '../../config.js';
import {
  emailVolume,
  reportEmailLog,
  reportRecipientLinks,
  reportRecipients,
  reportSchedules,
  restaurants,
} from '../../core/db/schema.js';
import { client } from '../../testing/client.js';
import type { InlineRunner } from '../../core/jobs/inline-runner.js';
import { BACKENDS, createTestApp, loginAs, type TestApp } from '../../testing/harness.js';
import {
  createOtherRestaurant,
  placeGuestOrder,
  signInAs,
  type OtherRestaurant,
} from '../../testing/fixtures.js';
import { pdfText } from '../../testing/pdf-text.js';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp.js';
import { sendDueReports } from './sender.js';
import { sentToday, takeEmail } from './volume.js';

const DAILY = {
  report: 'sales',
  format: 'csv',
  frequency: 'daily',
  time: '07:00',
  recipients: ['owner@example.com', 'Accountant@Example.com'],
} satisfies RouteInput<typeof reportEmailsRoutes.createReportSchedule>['body'];

const PUBLIC_URL = 'http://tavola.test';

const mailConfig = (smtp: TestSmtp): Pick<Config, 'mail' | 'publicUrl'> => ({
  mail: { smtpUrl: smtp.url, from: 'Tavola Reports <reports@tavola.test>', retryDelaySeconds: 1 },
  publicUrl: PUBLIC_URL,
});

const addressesOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : [mail.to]).flatMap(
    (a) => a?.value.map((v) => v.address) ?? [],
  );

/** The token of the link in the newest email to `email` of this subject, as its reader sees it. */
/**
 * Waits for what a request set going: the consumers of its events (a saved schedule's recipients
 * are asked by one), then the jobs they and the request queued.
 */
async function settle(app: FastifyInstance): Promise<void> {
  for (let round = 0; round < 2; round += 1) {
    await app.consumers.idle();
    await (app.jobs as InlineRunner).idle();
  }
}

function linkToken(smtp: TestSmtp, email: string, subject: RegExp | string = CONFIRMATION_SUBJECT) {
  const mail = smtp.messages.findLast(
    (m) =>
      addressesOf(m).includes(email) &&
      (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject ?? '')),
  );
  if (!mail) throw new Error(`no email to ${email}`);
  const match = new RegExp(`${PUBLIC_URL}/email/confirm#([A-Za-z0-9_-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no link in the email to ${email}`);
  return match[1]!;
}

/** The recipient opens the link in their email and presses a button on the page. */
const RECIPIENT_LINK_ROUTES = {
  lookup: reportEmailsRoutes.lookupRecipientLink,
  confirm: reportEmailsRoutes.confirmRecipientLink,
  decline: reportEmailsRoutes.declineRecipientLink,
};

async function answer(t: TestApp, token: string, action: keyof typeof RECIPIENT_LINK_ROUTES) {
  return client(t.app).call(RECIPIENT_LINK_ROUTES[action], { body: { token } });
}

/** Addresses that confirmed earlier (for tests about something else than the confirmation). */
async function alreadyConfirmed(t: TestApp, restaurantId: string, emails: string[]) {
  await t.database.db
    .insert(reportRecipients)
    .values(emails.map((email) => ({ restaurantId, email, status: 'confirmed' as const })))
    .onConflictDoNothing();
}

/** Two orders of the demo restaurant placed yesterday at noon, local time. */
async function ordersYesterday(t: TestApp) {
  for (const [table, lines] of [
    ['QR-T1', [['Espresso', 2]]],
    ['QR-T2', [['Tiramisu', 1]]],
  ] as const) {
    const res = await placeGuestOrder(t, table, lines);
    expect(res.status).toBe(201);
  }
  await t.database.db.execute(sql`
    update orders set created_at = (((now() at time zone r.timezone)::date - 1) + time '12:00') at time zone r.timezone
    from restaurants r where r.id = orders.restaurant_id and r.id = ${t.restaurantId}`);
  // An order keeps the business day it was placed in: moved in time, it is given that day's.
  await t.database.db.execute(sql`
    update orders set business_date = business_date_at(restaurant_id, created_at, created_at)
    where restaurant_id = ${t.restaurantId}`);
}

/** Yesterday's local date and what its orders were charged, read straight from the database. */
async function yesterdayInDatabase(t: TestApp) {
  const result = await t.database.db.execute(sql`
    select to_char((now() at time zone r.timezone)::date - 1, 'YYYY-MM-DD') as day,
      coalesce(sum(o.total_cents + o.surcharge_cents), 0)::text as cents,
      coalesce(sum(o.tax_cents), 0)::text as tax
    from restaurants r left join orders o on o.restaurant_id = r.id and o.status <> 'cancelled'
      and o.created_at >= (((now() at time zone r.timezone)::date - 1)::timestamp at time zone r.timezone)
      and o.created_at < (((now() at time zone r.timezone)::date)::timestamp at time zone r.timezone)
    where r.id = ${t.restaurantId} group by r.timezone`);
  const row = (result as { rows: { day: string; cents: string; tax: string }[] }).rows[0]!;
  return {
    day: row.day,
    total: (Number(row.cents) / 100).toFixed(2),
    tax: (Number(row.tax) / 100).toFixed(2),
  };
}

const csvFigure = (csv: string, label: string) =>
  new RegExp(`\\r\\n"${label}","([^"]*)"\\r\\n`).exec(csv)?.[1];

describe.each(BACKENDS)('report emails on %s', (backend) => {
  describe('with no SMTP server configured', () => {
    let t: TestApp;
    let manager: string;
    beforeAll(async () => {
      t = await createTestApp(backend);
      manager = await signInAs(t, 'manager');
    });
    afterAll(async () => t?.close());

    it('says email is not configured and refuses to schedule or send (409)', async () => {
      const list = await client(t.app).as(manager).call(reportEmailsRoutes.listReportSchedules);
      expect(list.data).toMatchObject({
        emailConfigured: false,
        schedules: [],
      });
      const create = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, { body: DAILY });
      expect(create.status).toBe(409);
      expect(create.body).toEqual({
        success: false,
        error: EMAIL_NOT_CONFIGURED,
        code: 'EMAIL_NOT_CONFIGURED',
      });

      // A schedule kept from when email was configured: listed with no next send, not sent.
      const [kept] = await t.database.db
        .insert(reportSchedules)
        .values({ restaurantId: t.restaurantId, ...DAILY, recipients: ['owner@example.com'] })
        .returning();
      const send = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id: kept!.id } });
      expect(send.status).toBe(409);
      expect(send.body).toEqual({
        success: false,
        error: EMAIL_NOT_CONFIGURED,
        code: 'EMAIL_NOT_CONFIGURED',
      });
      const after = await client(t.app).as(manager).call(reportEmailsRoutes.listReportSchedules);
      expect(after.data.schedules).toEqual([
        expect.objectContaining({ id: kept!.id, nextSendAt: null }),
      ]);
      // Turning it off and removing it need no email.
      const off = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.updateReportSchedule, {
          params: { id: kept!.id },
          body: {
            ...DAILY,
            enabled: false,
          },
        });
      expect(off.status).toBe(200);
      expect(
        (
          await client(t.app)
            .as(manager)
            .call(reportEmailsRoutes.deleteReportSchedule, { params: { id: kept!.id } })
        ).status,
      ).toBe(200);
      const log = await client(t.app).as(manager).call(reportEmailsRoutes.getReportEmailLog);
      expect(log.data.entries).toEqual([]);
    });
  });

  describe('Send now, through a real SMTP server (jobs inline)', () => {
    let t: TestApp;
    let smtp: TestSmtp;
    let manager: string;
    let other: OtherRestaurant;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      t = await createTestApp(backend, mailConfig(smtp));
      manager = await signInAs(t, 'manager');
      other = await createOtherRestaurant(t, { roles: ['manager'] });
      await ordersYesterday(t);
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const sendNowAndWait = async (id: string, emails = 1) => {
      const before = smtp.messages.length;
      const res = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id } });
      expect(res.status).toBe(202);
      expect(res.body).toEqual({ success: true, data: { queued: true } });
      await settle(t.app);
      expect(smtp.messages).toHaveLength(before + emails);
      return smtp.messages.slice(before);
    };

    it('schedules a report, checked, with its next send in the restaurant zone', async () => {
      const res = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, { body: DAILY });
      expect(res.status).toBe(201);
      const schedule = res.data;
      expect(schedule).toMatchObject({
        report: 'sales',
        format: 'csv',
        frequency: 'daily',
        time: '07:00',
        weekday: null,
        dayOfMonth: null,
        recipients: ['owner@example.com', 'accountant@example.com'],
        recipientStatus: [
          { email: 'owner@example.com', status: 'pending' },
          { email: 'accountant@example.com', status: 'pending' },
        ],
        enabled: true,
      });
      // Each was asked to confirm; both do, through the link in their email.
      await settle(t.app);
      for (const email of ['owner@example.com', 'accountant@example.com']) {
        expect((await answer(t, linkToken(smtp, email), 'confirm')).status).toBe(200);
      }
      // 07:00 in Rome is 05:00 or 06:00 UTC, within the next day.
      const next = Date.parse(schedule.nextSendAt!);
      expect(next).toBeGreaterThan(Date.now());
      expect(next - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
      expect(new Date(next).getUTCHours()).toBeOneOf([5, 6]);
      expect(new Date(next).getUTCMinutes()).toBe(0);

      const bad = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            frequency: 'weekly',
          },
        });
      expect(bad.status).toBe(400);
      expect(bad.error).toContain('A weekly schedule needs a weekday');
      const waiter = await signInAs(t, 'waiter');
      expect(
        (await client(t.app).as(waiter).call(reportEmailsRoutes.listReportSchedules)).status,
      ).toBe(403);
      // Another restaurant's manager cannot see, change, send or remove it.
      const stranger = other.tokens.manager ?? '';
      const theirs = await client(t.app).as(stranger).call(reportEmailsRoutes.listReportSchedules);
      expect(theirs.data.schedules).toEqual([]);
      const theirApi = client(t.app).as(stranger);
      const params = { id: schedule.id };
      for (const res of [
        await theirApi.call(reportEmailsRoutes.updateReportSchedule, { params, body: DAILY }),
        await theirApi.call(reportEmailsRoutes.sendReportNow, { params }),
        await theirApi.call(reportEmailsRoutes.deleteReportSchedule, { params }),
      ]) {
        expect(res.status).toBe(404);
      }
    });

    it('emails the CSV whose totals are the database’s, and logs it as sent', async () => {
      const [schedule] = await t.database.db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.restaurantId, t.restaurantId));
      // One email to each confirmed recipient (each with its own stop link).
      const mails: ParsedMail[] = await sendNowAndWait(schedule!.id, 2);
      const mail = mails[0]!;
      const expected = await yesterdayInDatabase(t);
      expect(Number(expected.total)).toBeGreaterThan(0);

      expect(mail.from?.value).toEqual([
        { name: 'Tavola Reports', address: 'reports@tavola.test' },
      ]);
      expect(mails.map(addressesOf)).toEqual([['owner@example.com'], ['accountant@example.com']]);
      expect(
        mail.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\s+/g, ' '),
      ).toMatch(/^List-Unsubscribe: <http:\/\/tavola\.test\/email\/confirm#[A-Za-z0-9_-]+>$/);
      expect(mail.subject).toBe(`Sales summary, ${expected.day}: Tavola Demo Bistro`);
      expect(mail.text).toContain(`Total: ${expected.total}`);
      expect(mail.attachments).toHaveLength(1);
      const [attachment] = mail.attachments;
      expect(attachment!.filename).toBe(`sales-${expected.day}.csv`);
      expect(attachment!.contentType).toBe('text/csv');
      expect(attachment!.content.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const csv = attachment!.content.toString('utf8');
      expect(csvFigure(csv, 'Total')).toBe(expected.total);
      expect(csvFigure(csv, 'Tax')).toBe(expected.tax);
      expect(csvFigure(csv, 'Orders')).toBe('2');

      const log = await client(t.app).as(manager).call(reportEmailsRoutes.getReportEmailLog);
      const entries = log.data.entries;
      const entry = entries.find((e) => e.recipients[0] === 'owner@example.com');
      expect(entries.filter((e) => e.status === 'sent')).toHaveLength(2);
      expect(entry).toMatchObject({
        scheduleId: schedule!.id,
        report: 'sales',
        format: 'csv',
        trigger: 'manual',
        from: expected.day,
        to: expected.day,
        status: 'sent',
        error: null,
        attempt: 1,
        messageId: mail.messageId,
      });
    });

    it('finds the due schedules, past the first page of them, and sends each due time once', async () => {
      // 600 schedules made just now (not due before tomorrow), and one last in id order whose
      // due time (local midnight) has come since it was last handled two days ago.
      const base = {
        restaurantId: t.restaurantId,
        report: 'payments' as const,
        format: 'csv' as const,
        frequency: 'daily' as const,
        time: '00:00',
      };
      await t.database.db
        .insert(reportSchedules)
        .values(
          Array.from({ length: 600 }, () => ({ ...base, recipients: ['early@example.com'] })),
        );
      await alreadyConfirmed(t, t.restaurantId, ['late@example.com']);
      await t.database.db.insert(reportSchedules).values({
        ...base,
        id: 'ffffffff-ffff-4fff-bfff-ffffffffffff',
        recipients: ['late@example.com'],
        lastDueAt: new Date(Date.now() - 2 * 86_400_000),
      });
      const before = smtp.messages.length;
      expect(await sendDueReports(t.app, t.app.reportEmailJobs)).toBe(1);
      await settle(t.app);
      expect(smtp.messages.slice(before).map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Payments and tips, \d{4}-\d{2}-\d{2}: Tavola Demo Bistro$/),
      ]);
      // Handled: the next tick sends nothing.
      expect(await sendDueReports(t.app, t.app.reportEmailJobs)).toBe(0);
      await t.database.db
        .delete(reportSchedules)
        .where(
          and(
            eq(reportSchedules.restaurantId, t.restaurantId),
            eq(reportSchedules.report, 'payments'),
          ),
        );
    });

    it('emails the PDF, its drawn totals the database’s', async () => {
      const [schedule] = await t.database.db
        .select()
        .from(reportSchedules)
        .where(eq(reportSchedules.restaurantId, t.restaurantId));
      const put = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.updateReportSchedule, {
          params: { id: schedule!.id },
          body: {
            ...DAILY,
            report: 'tax',
            format: 'pdf',
          },
        });
      expect(put.status).toBe(200);
      // Send now was pressed for this schedule minutes ago (the test before): as if it were longer.
      await t.database.db
        .update(reportSchedules)
        .set({ sentNowAt: null })
        .where(eq(reportSchedules.id, schedule!.id));
      const [mail] = await sendNowAndWait(schedule!.id, 2);
      const expected = await yesterdayInDatabase(t);
      const [attachment] = mail!.attachments;
      expect(attachment!.filename).toBe(`tax-${expected.day}.pdf`);
      expect(attachment!.contentType).toBe('application/pdf');
      expect(attachment!.content.subarray(0, 5).toString()).toBe('%PDF-');
      const text = pdfText(attachment!.content);
      expect(text).toContain('Tax summary');
      expect(text).toEqual(expect.arrayContaining([expected.total, expected.tax]));
    });
  });

  describe('a free sign-up cannot relay mail to strangers', () => {
    let t: TestApp;
    let smtp: TestSmtp;
    let team: string;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      t = await createTestApp(backend, mailConfig(smtp));
      team = (await loginAs(t.app, 'team1', 'team123')).token;
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });
    const idle = () => settle(t.app);
    const mailsTo = (email: string) => smtp.messages.filter((m) => addressesOf(m).includes(email));
    const schedulesOf = async (token: string) =>
      (await client(t.app).as(token).call(reportEmailsRoutes.listReportSchedules)).data.schedules;
    const tenant = async (id: string) =>
      (await client(t.app).as(team).call(platformRoutes.listRestaurants)).data.restaurants.find(
        (r) => r.id === id,
      )!;

    it('mails a named address one plain confirmation, and reports only once it confirmed', async () => {
      const trial = await createOtherRestaurant(t, {
        name: 'WIN A PRIZE at prize.example.com',
        status: 'trial',
        roles: ['manager'],
      });
      const manager = trial.tokens.manager!;
      const victims = ['victim@example.org', 'second@example.org'];
      const created = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            recipients: victims,
          },
        });
      expect(created.status).toBe(201);
      const schedule = created.data;
      expect(schedule.recipientStatus).toEqual(
        victims.map((email) => ({ email, status: 'pending' })),
      );
      await idle();
      // One confirmation each: a fixed subject, no attachment, the name without its web address.
      for (const email of victims) {
        const mails = mailsTo(email);
        expect(mails).toHaveLength(1);
        expect(mails[0]!.subject).toBe(CONFIRMATION_SUBJECT);
        expect(mails[0]!.attachments).toEqual([]);
        expect(mails[0]!.text).toContain('Restaurant: WIN A PRIZE at prize example com');
        expect(mails[0]!.text).not.toContain('prize.example.com');
      }
      const sentBefore = smtp.messages.length;

      // Naming them again (another schedule, a change, Send now, a due time) mails nobody.
      const again = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            report: 'tax',
            recipients: victims,
          },
        });
      expect(again.status).toBe(201);
      const put = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.updateReportSchedule, {
          params: { id: schedule.id },
          body: {
            ...DAILY,
            recipients: victims,
          },
        });
      expect(put.status).toBe(200);
      const send = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id: schedule.id } });
      expect(send.status).toBe(409);
      expect(send.body).toEqual({
        success: false,
        error: NO_CONFIRMED_RECIPIENTS,
        code: 'NO_CONFIRMED_RECIPIENTS',
      });
      await t.database.db
        .update(reportSchedules)
        .set({ lastDueAt: new Date(Date.now() - 2 * 86_400_000), time: '00:00' })
        .where(eq(reportSchedules.id, schedule.id));
      await sendDueReports(t.app, t.app.reportEmailJobs);
      await idle();
      expect(smtp.messages.length).toBe(sentBefore);
      const [skipped] = await t.database.db
        .select()
        .from(reportEmailLog)
        .where(eq(reportEmailLog.scheduleId, schedule.id));
      expect(skipped).toMatchObject({ status: 'skipped', error: NO_CONFIRMED_RECIPIENTS });

      // Opening the link changes nothing; the page's Confirm does, once.
      const token = linkToken(smtp, 'victim@example.org');
      const looked = await answer(t, token, 'lookup');
      expect(looked.body).toEqual({
        success: true,
        data: {
          email: 'victim@example.org',
          restaurantName: 'WIN A PRIZE at prize.example.com',
          purpose: 'confirm',
          status: 'pending',
        },
      });
      expect((await answer(t, token, 'confirm')).body).toMatchObject({
        data: { status: 'confirmed' },
      });
      const reused = await answer(t, token, 'confirm');
      expect(reused.status).toBe(404);
      expect(reused.body).toEqual({
        success: false,
        error: RECIPIENT_LINK_INVALID,
        code: 'RECIPIENT_LINK_INVALID',
      });
      // Only the hash of a token is kept.
      const links = await t.database.db.select().from(reportRecipientLinks);
      expect(links.some((l) => l.tokenHash === token)).toBe(false);

      // The other one declines: the schedule shows each, and Send now goes to the confirmed one.
      const declined = await answer(t, linkToken(smtp, 'second@example.org'), 'decline');
      expect(declined.body).toMatchObject({ data: { status: 'declined' } });
      expect(
        (await schedulesOf(manager)).find((x) => x.id === schedule.id)!.recipientStatus,
      ).toEqual([
        { email: 'victim@example.org', status: 'confirmed' },
        { email: 'second@example.org', status: 'declined' },
      ]);
      const now = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id: schedule.id } });
      expect(now.status).toBe(202);
      await idle();
      expect(smtp.messages.slice(sentBefore).map(addressesOf)).toEqual([['victim@example.org']]);
      expect(mailsTo('second@example.org')).toHaveLength(1);

      // Pressed again at once: refused, nothing queued.
      const twice = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id: schedule.id } });
      expect(twice.status).toBe(429);
      expect(twice.body).toEqual({
        success: false,
        error: sendNowTooSoon(SEND_NOW_INTERVAL_MINUTES),
        code: 'RATE_LIMITED',
      });

      // The report's stop link: the address is declined and gets nothing more.
      const stop = linkToken(smtp, 'victim@example.org', /^Sales summary/);
      expect((await answer(t, stop, 'lookup')).body).toMatchObject({
        data: { purpose: 'unsubscribe', status: 'confirmed' },
      });
      expect((await answer(t, stop, 'confirm')).status).toBe(404);
      expect((await answer(t, stop, 'decline')).body).toMatchObject({
        data: { status: 'declined' },
      });
      await t.database.db
        .update(reportSchedules)
        .set({ sentNowAt: new Date(Date.now() - SEND_NOW_INTERVAL_MINUTES * 60_000) })
        .where(eq(reportSchedules.id, schedule.id));
      const after = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id: schedule.id } });
      expect(after.status).toBe(409);

      // An expired confirmation link works no more.
      const other = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            recipients: ['late@example.org'],
          },
        });
      expect(other.status).toBe(201);
      await idle();
      await t.database.db
        .update(reportRecipientLinks)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(reportRecipientLinks.restaurantId, trial.id));
      expect((await answer(t, linkToken(smtp, 'late@example.org'), 'confirm')).status).toBe(404);
      // The team sees what the restaurant sent.
      expect((await tenant(trial.id)).emails).toEqual({
        today: 4,
        last7Days: 4,
        confirmationsLast7Days: 3,
        refusedLast7Days: 0,
      });
    });

    it("holds each restaurant to the team's daily number of emails, trials to theirs", async () => {
      const limits = await client(t.app)
        .as(team)
        .call(platformRoutes.updatePlatformSettings, {
          body: {
            dailyEmailLimit: 50,
            trialDailyEmailLimit: 3,
          },
        });
      expect(limits.status).toBe(200);
      expect(limits.body).toMatchObject({
        data: { dailyEmailLimit: 50, trialDailyEmailLimit: 3 },
      });
      const trial = await createOtherRestaurant(t, { status: 'trial', roles: ['manager'] });
      const manager = trial.tokens.manager!;
      const emails = ['a@example.net', 'b@example.net', 'c@example.net'];
      const created = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            recipients: emails,
          },
        });
      const { id } = created.data;
      await idle();
      // Three confirmations used the trial's day: nothing more goes out.
      expect(emails.map((e) => mailsTo(e).length)).toEqual([1, 1, 1]);
      for (const email of emails) await answer(t, linkToken(smtp, email), 'confirm');
      const send = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id } });
      expect(send.status).toBe(429);
      expect(send.body).toEqual({
        success: false,
        error: dailyEmailLimitReached(3),
        code: 'RATE_LIMITED',
      });

      // A due time goes through the log: each email skipped, and why.
      await t.database.db
        .update(reportSchedules)
        .set({ lastDueAt: new Date(Date.now() - 2 * 86_400_000), time: '00:00' })
        .where(eq(reportSchedules.id, id));
      const before = smtp.messages.length;
      await sendDueReports(t.app, t.app.reportEmailJobs);
      await idle();
      expect(smtp.messages.length).toBe(before);
      const log = await t.database.db
        .select()
        .from(reportEmailLog)
        .where(eq(reportEmailLog.scheduleId, id));
      expect(log.map((l) => [l.status, l.error])).toEqual(
        emails.map(() => ['skipped', dailyEmailLimitReached(3)]),
      );
      expect((await tenant(trial.id)).emails).toMatchObject({ today: 3, refusedLast7Days: 3 });

      // The team raises the trial's number: two more today, then the limit again.
      await client(t.app)
        .as(team)
        .call(platformRoutes.updatePlatformSettings, { body: { trialDailyEmailLimit: 5 } });
      const now = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.sendReportNow, { params: { id } });
      expect(now.status).toBe(202);
      await idle();
      expect(smtp.messages.slice(before).map(addressesOf)).toEqual([
        ['a@example.net'],
        ['b@example.net'],
      ]);
      const [day] = await t.database.db
        .select()
        .from(emailVolume)
        .where(eq(emailVolume.restaurantId, trial.id));
      expect(day).toMatchObject({ reports: 2, confirmations: 3, refused: 4 });
    });

    it('sends once when Send now is pressed 20 times at once', async () => {
      const paid = await createOtherRestaurant(t, { status: 'active', roles: ['manager'] });
      const manager = paid.tokens.manager!;
      await alreadyConfirmed(t, paid.id, ['books@example.net']);
      const created = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            recipients: ['books@example.net'],
          },
        });
      const { id } = created.data;
      const presses = await Promise.all(
        Array.from({ length: 20 }, () =>
          client(t.app).as(manager).call(reportEmailsRoutes.sendReportNow, { params: { id } }),
        ),
      );
      expect(presses.filter((r) => r.status === 202)).toHaveLength(1);
      expect(presses.filter((r) => r.status === 429)).toHaveLength(19);
      await idle();
      expect(mailsTo('books@example.net')).toHaveLength(1);
    });

    it('takes the last emails of a day once, under 30 parallel takes', async () => {
      const paid = await createOtherRestaurant(t, { status: 'active' });
      await client(t.app)
        .as(team)
        .call(platformRoutes.updatePlatformSettings, { body: { dailyEmailLimit: 7 } });
      const taken = await Promise.all(
        Array.from({ length: 30 }, () => takeEmail(t.app.db, paid.id, 'reports')),
      );
      expect(taken.filter((x) => x.taken)).toHaveLength(7);
      expect(await sentToday(t.app.db, paid.id)).toBe(7);
    });
  });

  describe('limits', () => {
    let t: TestApp;
    let smtp: TestSmtp;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      t = await createTestApp(backend, mailConfig(smtp));
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    it('keeps exactly the most schedules a restaurant may have, under 30 parallel creates', async () => {
      const other = await createOtherRestaurant(t, { roles: ['manager'] });
      const token = other.tokens.manager!;
      const results = await Promise.all(
        Array.from({ length: 30 }, () =>
          client(t.app)
            .as(token)
            .call(reportEmailsRoutes.createReportSchedule, {
              body: {
                ...DAILY,
                recipients: ['owner@example.com'],
              },
            }),
        ),
      );
      const created = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status === 409);
      expect(created).toHaveLength(REPORT_SCHEDULES_MAX);
      expect(refused).toHaveLength(30 - REPORT_SCHEDULES_MAX);
      expect(refused[0]!.body).toEqual({
        success: false,
        error: REPORT_SCHEDULES_LIMIT,
        code: 'REPORT_SCHEDULES_LIMIT',
        params: { max: REPORT_SCHEDULES_MAX },
      });
      const stored = await t.database.db
        .select({ id: reportSchedules.id })
        .from(reportSchedules)
        .where(eq(reportSchedules.restaurantId, other.id));
      expect(stored).toHaveLength(REPORT_SCHEDULES_MAX);
      // However often it was named at once, the address was asked once.
      await settle(t.app);
      expect(smtp.messages.filter((m) => addressesOf(m).includes('owner@example.com'))).toEqual([
        expect.objectContaining({ subject: CONFIRMATION_SUBJECT }),
      ]);
    });
  });

  describe('on the job queue', () => {
    const jobs = { enabled: true, pollSeconds: 0.5, tickSeconds: 1 };
    let t: TestApp;
    let second: FastifyInstance;
    let smtp: TestSmtp;
    let manager: string;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      t = await createTestApp(backend, { jobs, ...mailConfig(smtp) });
      second = await buildApp(testConfig({ jobs, ...mailConfig(smtp) }), { database: t.database });
      await second.ready();
      manager = await signInAs(t, 'manager');
      await ordersYesterday(t);
    });
    afterAll(async () => {
      await second?.close();
      await t?.close();
      await smtp?.close();
    });

    const logOf = (scheduleId: string) =>
      t.database.db
        .select()
        .from(reportEmailLog)
        .where(eq(reportEmailLog.scheduleId, scheduleId))
        .orderBy(reportEmailLog.attempt);
    const completedTicks = async () => {
      const { rows } = await t.database.execute(
        "select count(*)::int as n from pgboss.job where name = 'reports.email-tick' and state = 'completed'",
      );
      return (rows[0] as { n: number }).n;
    };

    it('retries a send the SMTP server refused, logging both attempts', async () => {
      await alreadyConfirmed(t, t.restaurantId, ['retry@example.com']);
      const created = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            recipients: ['retry@example.com'],
          },
        });
      const { id } = created.data;
      smtp.failNext(1);
      const before = smtp.messages.length;
      expect(
        (await client(t.app).as(manager).call(reportEmailsRoutes.sendReportNow, { params: { id } }))
          .status,
      ).toBe(202);
      await vi.waitFor(async () => expect(await logOf(id)).toHaveLength(2), {
        timeout: 30_000,
        interval: 100,
      });
      expect(smtp.refused()).toBe(1);
      expect(smtp.messages.length).toBe(before + 1);
      const [first, retry] = await logOf(id);
      expect(first).toMatchObject({ status: 'failed', attempt: 1, messageId: null });
      expect(first!.error).toContain('Mailbox busy');
      expect(retry).toMatchObject({ status: 'sent', attempt: 2, error: null });
      expect(retry!.deliveryKey).toBe(first!.deliveryKey);
      await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.deleteReportSchedule, { params: { id } });
    });

    it('sends a due schedule exactly once while two instances tick', async () => {
      // Due at local midnight: its latest due time is today's, which covers yesterday.
      await alreadyConfirmed(t, t.restaurantId, ['due@example.com']);
      const due = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            time: '00:00',
            recipients: ['due@example.com'],
          },
        });
      const off = await client(t.app)
        .as(manager)
        .call(reportEmailsRoutes.createReportSchedule, {
          body: {
            ...DAILY,
            recipients: ['off@example.com'],
            enabled: false,
          },
        });
      const dueId = due.data.id;
      const offId = off.data.id;
      // Both were made two days ago: their time has come since (the disabled one is not sent).
      await t.database.db
        .update(reportSchedules)
        .set({ lastDueAt: sql`now() - interval '2 days'` })
        .where(eq(reportSchedules.restaurantId, t.restaurantId));
      const toDue = () =>
        smtp.messages.filter((m) =>
          (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes('due@example.com')),
        );
      await vi.waitFor(() => expect(toDue()).toHaveLength(1), { timeout: 30_000, interval: 100 });
      const ticks = await completedTicks();
      await vi.waitFor(
        async () => expect(await completedTicks()).toBeGreaterThanOrEqual(ticks + 4),
        {
          timeout: 30_000,
          interval: 100,
        },
      );
      expect(toDue()).toHaveLength(1);
      const log = await logOf(dueId);
      expect(log).toEqual([
        expect.objectContaining({ status: 'sent', trigger: 'schedule', attempt: 1 }),
      ]);
      // It covered yesterday, the last complete day before its due time.
      const expected = await yesterdayInDatabase(t);
      expect(log[0]).toMatchObject({ periodFrom: expected.day, periodTo: expected.day });
      expect(csvFigure(toDue()[0]!.attachments[0]!.content.toString('utf8'), 'Total')).toBe(
        expected.total,
      );
      expect(await logOf(offId)).toEqual([]);
      const { rows } = await t.database.execute(
        `select count(*)::int as n from pgboss.job where name = 'reports.email' and data->>'scheduleId' = '${dueId}'`,
      );
      expect(rows).toEqual([{ n: 1 }]);
      const [row] = await t.database.db
        .select({ lastDueAt: reportSchedules.lastDueAt, timezone: restaurants.timezone })
        .from(reportSchedules)
        .innerJoin(restaurants, eq(restaurants.id, reportSchedules.restaurantId))
        .where(and(eq(reportSchedules.id, dueId)));
      // Its last due time is the latest local midnight in Rome (22:00 or 23:00 UTC).
      expect(row!.lastDueAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(Date.now() - row!.lastDueAt.getTime()).toBeLessThan(24 * 3600_000);
      expect(row!.lastDueAt.getUTCHours()).toBeOneOf([22, 23]);
    });
  });
});
