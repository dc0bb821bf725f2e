import {
  authRoutes,
  EMAIL_LINK_INVALID,
  platformRoutes,
  settingsRoutes,
  type SignupInput,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, users } from '../../core/db/schema.js';
import { hashToken } from '../../core/auth/tokens.js';
import { client, type Client } from '../../testing/client.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp.js';

const limits = { login: 1000, public: 1000, wsConnect: 1000, signup: 1000 };
let n = 0;

const signupBody = (overrides: object = {}) => {
  n += 1;
  return {
    restaurantName: `Trattoria Nuova ${n}`,
    ownerName: 'Olivia Owner',
    username: `olivia-setup-${n}`,
    password: 'olive-grove-at-noon',
    ...overrides,
  };
};

/** Signs a new restaurant up, with what a test adds to a valid sign-up. */
const signUp = (api: Client, extra: Partial<SignupInput> = {}) =>
  api.call(platformRoutes.signUp, { body: { ...signupBody(), ...extra } });

describe('sign-up asks the time zone, currency, tax and an email', () => {
  describe('without a mail server', () => {
    let t: TestApp;
    let api: Client;
    beforeAll(async () => {
      t = await createTestApp('pglite', { rateLimits: limits, publicUrl: 'https://tavola.test' });
      api = client(t.app);
    });
    afterAll(async () => t?.close());

    it("stores them in the new restaurant's settings", async () => {
      const res = await signUp(api, {
        timezone: 'america/new_york',
        currency: 'usd',
        taxRate: 8.88,
        pricesIncludeTax: false,
        serviceCharge: 12.5,
      });
      expect(res.status).toBe(201);
      const settings = await api.as(res.data.token).call(settingsRoutes.getRestaurantSettings);
      expect(settings.data).toMatchObject({
        timezone: 'America/New_York',
        currency: 'usd',
        taxRate: 8.88,
        pricesIncludeTax: false,
        serviceCharge: 12.5,
      });
    });

    it('keeps the defaults when they are left out, by the currency', async () => {
      const res = await signUp(api, { currency: 'eur' });
      const settings = await api.as(res.data.token).call(settingsRoutes.getRestaurantSettings);
      expect(settings.data).toMatchObject({
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
      const res = await api.send(platformRoutes.signUp, { body });
      expect(res.status).toBe(400);
      expect(res.error).toBe(error);
      expect(
        await t.database.db.select().from(users).where(eq(users.username, body.username)),
      ).toEqual([]);
    });

    it('keeps the email unverified and says nothing was sent', async () => {
      const res = await signUp(api, { email: 'Olivia@Example.com' });
      expect(res.status).toBe(201);
      expect(res.data.emailVerification).toBe('mail_unavailable');
      const email = await api.as(res.data.token).call(authRoutes.getAccountEmail);
      expect(email.data).toEqual({
        email: 'olivia@example.com',
        verified: false,
        verifiedAt: null,
        mailAvailable: false,
      });
      // No link exists that nobody was sent.
      const tokens = await t.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, res.data.user.id));
      expect(tokens).toEqual([]);
    });
  });

  describe('with a mail server', () => {
    let t: TestApp;
    let smtp: TestSmtp;
    let api: Client;
    beforeAll(async () => {
      smtp = await startTestSmtp();
      t = await createTestApp('pglite', {
        rateLimits: limits,
        publicUrl: 'https://tavola.test',
        mail: { smtpUrl: smtp.url, from: 'Tavola <hello@tavola.test>', retryDelaySeconds: 1 },
      });
      api = client(t.app);
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
      const res = await signUp(api, { email: 'owner@trattoria.test' });
      expect(res.status).toBe(201);
      expect(res.data.emailVerification).toBe('sent');
      const owner = res.data.token;
      expect(smtp.messages).toHaveLength(before + 1);
      const mail = smtp.messages[before]!;
      expect(mail.to).toMatchObject({ text: 'owner@trattoria.test' });
      const token = linkIn(mail.text);

      const [row] = await t.database.db
        .select()
        .from(accountTokens)
        .where(eq(accountTokens.userId, res.data.user.id));
      expect(row?.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(row)).not.toContain(token);

      expect((await api.as(owner).call(authRoutes.getAccountEmail)).data.verified).toBe(false);
      const verify = await api.call(authRoutes.verifyEmail, { body: { token } });
      expect(verify.status).toBe(200);
      expect(verify.data).toEqual({ email: 'owner@trattoria.test', verified: true });
      const status = (await api.as(owner).call(authRoutes.getAccountEmail)).data;
      expect(status).toMatchObject({
        email: 'owner@trattoria.test',
        verified: true,
        mailAvailable: true,
      });

      const again = await api.call(authRoutes.verifyEmail, { body: { token } });
      expect(again.status).toBe(400);
      expect(again.error).toBe(EMAIL_LINK_INVALID);
    });

    it('refuses an expired link and a link for an address changed since', async () => {
      const res = await signUp(api, { email: 'first@trattoria.test' });
      const owner = res.data.token;
      const userId = res.data.user.id;
      const first = linkIn(smtp.messages.at(-1)!.text);

      // A new address: unverified, a new link; the old link proves nothing any more.
      const changed = await api
        .as(owner)
        .call(authRoutes.setAccountEmail, { body: { email: 'second@trattoria.test' } });
      expect(changed.status).toBe(200);
      expect(changed.data).toMatchObject({
        email: 'second@trattoria.test',
        verified: false,
        verification: 'sent',
      });
      const second = linkIn(smtp.messages.at(-1)!.text);
      expect((await api.call(authRoutes.verifyEmail, { body: { token: first } })).status).toBe(400);

      await t.database.db
        .update(accountTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(accountTokens.tokenHash, hashToken(second)));
      const expired = await api.call(authRoutes.verifyEmail, { body: { token: second } });
      expect(expired.status).toBe(400);
      expect(expired.error).toBe(EMAIL_LINK_INVALID);
      const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
      expect(user?.emailVerifiedAt).toBeNull();
    });

    it('still signs the owner up when the mail server refuses, and says so', async () => {
      smtp.failNext(1);
      const res = await signUp(api, { email: 'busy@trattoria.test' });
      expect(res.status).toBe(201);
      expect(res.data.emailVerification).toBe('not_sent');
    });

    it('limits the links one account may have mailed', async () => {
      const res = await signUp(api, { email: 'limit@trattoria.test' });
      const owner = res.data.token;
      const codes = [];
      for (let i = 0; i < 6; i++) {
        codes.push(
          (
            await api
              .as(owner)
              .call(authRoutes.setAccountEmail, { body: { email: `limit${i}@trattoria.test` } })
          ).status,
        );
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });
});
