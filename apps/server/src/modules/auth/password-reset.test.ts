import {
  PASSWORD_BLANK,
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_REQUESTED,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, auditLog } from '../../core/db/schema.js';
import { hashToken } from '../../core/auth/tokens.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp.js';

const call = (t: TestApp, method: 'GET' | 'POST', url: string, payload?: object, token?: string) =>
  t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });

/** Waits for the mail server to have `count` messages (the reset mail leaves after the answer). */
async function mailCount(smtp: TestSmtp, count: number) {
  for (let i = 0; i < 500 && smtp.messages.length < count; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(smtp.messages).toHaveLength(count);
}

const tokenIn = (text: string | undefined, path: string) => {
  const match = new RegExp(`https://tavola\\.test/${path}\\?token=([\\w-]+)`).exec(text ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
};

describe('Forgot password? for an account with a verified email', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let n = 0;

  /** A signed-up owner; verified unless asked not to. */
  async function owner(verified = true) {
    n += 1;
    const username = `reset-owner-${n}`;
    const before = smtp.messages.length;
    const res = await call(t, 'POST', '/api/signup', {
      restaurantName: `Reset Bistro ${n}`,
      ownerName: 'Rita Reset',
      username,
      password: 'first-olive-grove',
      email: `${username}@example.test`,
    });
    expect(res.statusCode).toBe(201);
    await mailCount(smtp, before + 1);
    if (verified) {
      const token = tokenIn(smtp.messages[before]!.text, 'verify-email');
      expect((await call(t, 'POST', '/api/auth/email/verify', { token })).statusCode).toBe(200);
    }
    return {
      username,
      session: res.json().data.token as string,
      userId: res.json().data.user.id as string,
    };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp('pglite', {
      rateLimits: { login: 1000, public: 1000, wsConnect: 1000, signup: 1000 },
      publicUrl: 'https://tavola.test',
      mail: { smtpUrl: smtp.url, from: 'Tavola <hello@tavola.test>', retryDelaySeconds: 1 },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const rita = await owner();
    const before = smtp.messages.length;
    const asked = await call(t, 'POST', '/api/auth/password/forgot', {
      username: rita.username.toUpperCase(),
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data.message).toBe(PASSWORD_RESET_REQUESTED);
    await mailCount(smtp, before + 1);
    const mail = smtp.messages[before]!;
    expect(mail.to).toMatchObject({ text: `${rita.username}@example.test` });
    const token = tokenIn(mail.text, 'reset-password');
    const [row] = await t.database.db
      .select()
      .from(accountTokens)
      .where(
        and(eq(accountTokens.userId, rita.userId), eq(accountTokens.purpose, 'reset_password')),
      );
    expect(row?.tokenHash).toBe(hashToken(token));
    // 30 minutes from when it was made (the database's clock and ours, a few seconds apart at most).
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 30 * 60_000)).toBeLessThan(5_000);

    // A password the policy refuses does not spend the link.
    const weak = await call(t, 'POST', '/api/auth/password/reset', {
      token,
      password: ' '.repeat(12),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe(PASSWORD_BLANK);

    const reset = await call(t, 'POST', '/api/auth/password/reset', {
      token,
      password: 'second-olive-grove',
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toEqual({ username: rita.username });
    expect((await call(t, 'GET', '/api/auth/profile', undefined, rita.session)).statusCode).toBe(
      401,
    );
    const login = (password: string) =>
      call(t, 'POST', '/api/auth/login', { username: rita.username, password });
    expect((await login('first-olive-grove')).statusCode).toBe(401);
    expect((await login('second-olive-grove')).statusCode).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password_reset'), eq(auditLog.entityId, rita.userId)));
    expect(audit).toBeDefined();

    const again = await call(t, 'POST', '/api/auth/password/reset', {
      token,
      password: 'third-olive-grove',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(PASSWORD_RESET_LINK_INVALID);
  });

  it('answers the same for an unknown account and one without a verified address, and mails neither', async () => {
    const unverified = await owner(false);
    const before = smtp.messages.length;
    const answers = [];
    for (const username of ['nobody-at-all', unverified.username]) {
      const res = await call(t, 'POST', '/api/auth/password/forgot', { username });
      answers.push([res.statusCode, res.json()]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([
      200,
      { success: true, data: { message: PASSWORD_RESET_REQUESTED } },
    ]);
    // A real request after them is the next mail: none went out for the two above.
    const verified = await owner();
    const next = smtp.messages.length;
    await call(t, 'POST', '/api/auth/password/forgot', { username: verified.username });
    await mailCount(smtp, next + 1);
    expect(smtp.messages.slice(before).map((m) => (m.to as { text: string }).text)).not.toContain(
      `${unverified.username}@example.test`,
    );
    expect((smtp.messages[next]!.to as { text: string }).text).toBe(
      `${verified.username}@example.test`,
    );
  });

  it('refuses an expired link, and only the latest link works', async () => {
    const rita = await owner();
    const before = smtp.messages.length;
    await call(t, 'POST', '/api/auth/password/forgot', { username: rita.username });
    await mailCount(smtp, before + 1);
    const first = tokenIn(smtp.messages[before]!.text, 'reset-password');
    await call(t, 'POST', '/api/auth/password/forgot', { username: rita.username });
    await mailCount(smtp, before + 2);
    const second = tokenIn(smtp.messages[before + 1]!.text, 'reset-password');
    expect(
      (
        await call(t, 'POST', '/api/auth/password/reset', {
          token: first,
          password: 'fourth-olive-grove',
        })
      ).statusCode,
    ).toBe(400);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(second)));
    const expired = await call(t, 'POST', '/api/auth/password/reset', {
      token: second,
      password: 'fourth-olive-grove',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe(PASSWORD_RESET_LINK_INVALID);
  });

  it('limits asking per username, whether the account exists or not', async () => {
    // Each from an address of its own (the address has its own, larger limit).
    const codes = async (username: string, remoteAddress: string) => {
      const out = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/password/forgot',
          payload: { username },
          remoteAddress,
        });
        out.push(res.statusCode);
      }
      return out;
    };
    const rita = await owner();
    expect(await codes(rita.username, '10.0.0.1')).toEqual([200, 200, 200, 429]);
    expect(await codes('ghost-account', '10.0.0.2')).toEqual([200, 200, 200, 429]);
    // Another address asking for the same username is refused too.
    expect(await codes('ghost-account', '10.0.0.3')).toEqual([429, 429, 429, 429]);
  });
});
