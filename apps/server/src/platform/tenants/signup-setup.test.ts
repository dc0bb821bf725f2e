import { EMAIL_LINK_INVALID } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../core/db/schema.js';
import { hashToken } from '../../core/auth/tokens.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp.js';

const limits = { login: 1000, public: 1000, wsConnect: 1000, signup: 1000 };
let n = 0;

const signupBody = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    restaurantName: `Trattoria Nuova ${n}`,
    ownerName: 'Olivia Owner',
    username: `olivia-setup-${n}`,
    password: 'olive-grove-at-noon',
    ...overrides,
  };
};

const call = (
  t: TestApp,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

describe('sign-up asks the time zone, currency, tax and an email', () => {
  describe('without a mail server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp('pglite', { rateLimits: limits, publicUrl: 'https://tavola.test' });
    });
    afterAll(async () => t?.close());

    it("stores them in the new restaurant's settings", async () => {
      const res = await call(
        t,
        'POST',
        '/api/signup',
        undefined,
        signupBody({
          timezone: 'america/new_york',
          currency: 'usd',
          taxRate: 8.88,
          pricesIncludeTax: false,
          serviceCharge: 12.5,
        }),
      );
      expect(res.statusCode).toBe(201);
      const settings = await call(t, 'GET', '/api/restaurant/settings', res.json().data.token);
      expect(settings.json().data).toMatchObject({
        timezone: 'America/New_York',
        currency: 'usd',
        taxRate: 8.88,
        pricesIncludeTax: false,
        serviceCharge: 12.5,
      });
    });

    it('keeps the defaults when they are left out, by the currency', async () => {
      const res = await call(t, 'POST', '/api/signup', undefined, signupBody({ currency: 'eur' }));
      const settings = await call(t, 'GET', '/api/restaurant/settings', res.json().data.token);
      expect(settings.json().data).toMatchObject({
        timezone: 'Europe/Rome',
        currency: 'eur',
        taxRate: 0,
        pricesIncludeTax: true,
        serviceCharge: 0,
      });
    });

    it.each([
      [{ taxRate: 101 }, 'Tax rate is at most 100%'],
      [{ taxRate: 8.125 }, 'Tax rate can have at most two decimals'],
      [{ serviceCharge: -1 }, 'Service charge cannot be negative'],
      [{ timezone: 'Mars/Olympus' }, 'Unknown time zone: use an IANA name such as Europe/Rome'],
      [{ currency: 'gbp' }, 'Currency must be eur or usd'],
      [{ email: 'not-an-address' }, 'Enter a valid email address'],
    ])('refuses %j with 400', async (bad, error) => {
      const body = signupBody(bad);
      const res = await call(t, 'POST', '/api/signup', undefined, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(error);
      expect(
        await t.database.db.select().from(users).where(eq(users.username, body.username)),
      ).toEqual([]);
    });

    it('keeps the email unverified and says nothing was sent', async () => {
      const res = await call(
        t,
        'POST',
        '/api/signup',
        undefined,
        signupBody({ email: 'Olivia@Example.com' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.emailVerification).toBe('mail_unavailable');
      const email = await call(t, 'GET', '/api/auth/email', res.json().data.token);
      expect(email.json().data).toEqual({
        email: 'olivia@example.com',
        verified: false,
        verifiedAt: null,
        mailAvailable: false,
      });
      // No link exists that nobody was sent.
      const tokens = await t.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, res.json().data.user.id as string));
      expect(tokens).toEqual([]);
    });
  });

  describe('with a mail server', () => {
    let t: TestApp;
    let smtp: TestSmtp;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      t = await createTestApp('pglite', {
        rateLimits: limits,
        publicUrl: 'https://tavola.test',
        mail: { smtpUrl: smtp.url, from: 'Tavola <hello@tavola.test>', retryDelaySeconds: 1 },
      });
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const linkIn = (text: string | undefined) => {
      const match = /https:\/\/tavola\.test\/verify-email\?token=([\w-]+)/.exec(text ?? '');
      expect(match).not.toBeNull();
      return match![1]!;
    };

    it('mails a single-use link, stored only as a hash, that verifies the address', async () => {
      const before = smtp.messages.length;
      const res = await call(
        t,
        'POST',
        '/api/signup',
        undefined,
        signupBody({ email: 'owner@trattoria.test' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.emailVerification).toBe('sent');
      const owner = res.json().data.token as string;
      expect(smtp.messages).toHaveLength(before + 1);
      const mail = smtp.messages[before]!;
      expect(mail.to).toMatchObject({ text: 'owner@trattoria.test' });
      const token = linkIn(mail.text);

      const [row] = await t.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, res.json().data.user.id as string));
      expect(row?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(row)).not.toContain(token);

      expect((await call(t, 'GET', '/api/auth/email', owner)).json().data.verified).toBe(false);
      const verify = await call(t, 'POST', '/api/auth/email/verify', undefined, { token });
      expect(verify.statusCode).toBe(200);
      expect(verify.json().data).toEqual({ email: 'owner@trattoria.test', verified: true });
      const status = (await call(t, 'GET', '/api/auth/email', owner)).json().data;
      expect(status).toMatchObject({
        email: 'owner@trattoria.test',
        verified: true,
        mailAvailable: true,
      });

      const again = await call(t, 'POST', '/api/auth/email/verify', undefined, { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe(EMAIL_LINK_INVALID);
    });

    it('refuses an expired link and a link for an address changed since', async () => {
      const res = await call(
        t,
        'POST',
        '/api/signup',
        undefined,
        signupBody({ email: 'first@trattoria.test' }),
      );
      const owner = res.json().data.token as string;
      const userId = res.json().data.user.id as string;
      const first = linkIn(smtp.messages.at(-1)!.text);

      // A new address: unverified, a new link; the old link proves nothing any more.
      const changed = await call(t, 'PUT', '/api/auth/email', owner, {
        email: 'second@trattoria.test',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data).toMatchObject({
        email: 'second@trattoria.test',
        verified: false,
        verification: 'sent',
      });
      const second = linkIn(smtp.messages.at(-1)!.text);
      expect(
        (await call(t, 'POST', '/api/auth/email/verify', undefined, { token: first })).statusCode,
      ).toBe(400);

      await t.database.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.tokenHash, hashToken(second)));
      const expired = await call(t, 'POST', '/api/auth/email/verify', undefined, { token: second });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error).toBe(EMAIL_LINK_INVALID);
      const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(user?.emailVerifiedAt).toBeNull();
    });

    it('still signs the owner up when the mail server refuses, and says so', async () => {
      smtp.failNext(1);
      const res = await call(
        t,
        'POST',
        '/api/signup',
        undefined,
        signupBody({ email: 'busy@trattoria.test' }),
      );
      expect(res.statusCode).toBe(201);
      expect(res.json().data.emailVerification).toBe('not_sent');
    });

    it('limits the links one account may have mailed', async () => {
      const res = await call(
        t,
        'POST',
        '/api/signup',
        undefined,
        signupBody({ email: 'limit@trattoria.test' }),
      );
      const owner = res.json().data.token as string;
      const codes = [];
      for (let i = 0; i < 6; i++) {
        codes.push(
          (await call(t, 'PUT', '/api/auth/email', owner, { email: `limit${i}@trattoria.test` }))
            .statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});
