import {
  authRoutes,
  PASSWORD_BLANK,
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_REQUESTED,
  platformRoutes,
} from '@tavola/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, auditLog } from '../../core/db/schema.js';
import { hashToken } from '../../core/auth/tokens.js';
import { client, type Client } from '../../testing/client.js';
import { createTestApp, type TestApp } from '../../testing/harness.js';
import { startTestSmtp, type TestSmtp } from '../../testing/smtp.js';

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
  let api: Client;
  let smtp: TestSmtp;
  let n = 0;

  /** A signed-up owner; verified unless asked not to. */
  async function owner(verified = true) {
    n += 1;
    const username = `reset-owner-${n}`;
    const before = smtp.messages.length;
    const res = await api.call(platformRoutes.signUp, {
      body: {
        restaurantName: `Reset Bistro ${n}`,
        ownerName: 'Rita Reset',
        username,
        password: 'first-olive-grove',
        email: `${username}@example.test`,
      },
    });
    expect(res.status).toBe(201);
    await mailCount(smtp, before + 1);
    if (verified) {
      const token = tokenIn(smtp.messages[before]!.text, 'verify-email');
      expect((await api.call(authRoutes.verifyEmail, { body: { token } })).status).toBe(200);
    }
    return {
      username,
      session: res.data.token,
      userId: res.data.user.id,
    };
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await createTestApp('pglite', {
      rateLimits: { login: 1000, public: 1000, wsConnect: 1000, signup: 1000 },
      publicUrl: 'https://tavola.test',
      mail: { smtpUrl: smtp.url, from: 'Tavola <hello@tavola.test>', retryDelaySeconds: 1 },
    });
    api = client(t.app);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const rita = await owner();
    const before = smtp.messages.length;
    const asked = await api.call(authRoutes.forgotPassword, {
      body: {
        username: rita.username.toUpperCase(),
      },
    });
    expect(asked.status).toBe(200);
    expect(asked.data.message).toBe(PASSWORD_RESET_REQUESTED);
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
    const weak = await api.call(authRoutes.resetPassword, {
      body: {
        token,
        password: ' '.repeat(12),
      },
    });
    expect(weak.status).toBe(400);
    expect(weak.error).toBe(PASSWORD_BLANK);

    const reset = await api.call(authRoutes.resetPassword, {
      body: {
        token,
        password: 'second-olive-grove',
      },
    });
    expect(reset.status).toBe(200);
    expect(reset.data).toEqual({ username: rita.username });
    expect((await api.as(rita.session).call(authRoutes.getProfile)).status).toBe(401);
    const login = (password: string) =>
      api.call(authRoutes.login, { body: { username: rita.username, password } });
    expect((await login('first-olive-grove')).status).toBe(401);
    expect((await login('second-olive-grove')).status).toBe(200);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.password_reset'), eq(auditLog.entityId, rita.userId)));
    expect(audit).toBeDefined();

    const again = await api.call(authRoutes.resetPassword, {
      body: {
        token,
        password: 'third-olive-grove',
      },
    });
    expect(again.status).toBe(400);
    expect(again.error).toBe(PASSWORD_RESET_LINK_INVALID);
  });

  it('answers the same for an unknown account and one without a verified address, and mails neither', async () => {
    const unverified = await owner(false);
    const before = smtp.messages.length;
    const answers = [];
    for (const username of ['nobody-at-all', unverified.username]) {
      const res = await api.call(authRoutes.forgotPassword, { body: { username } });
      answers.push([res.status, res.body]);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]).toEqual([
      200,
      { success: true, data: { message: PASSWORD_RESET_REQUESTED } },
    ]);
    // A real request after them is the next mail: none went out for the two above.
    const verified = await owner();
    const next = smtp.messages.length;
    await api.call(authRoutes.forgotPassword, { body: { username: verified.username } });
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
    await api.call(authRoutes.forgotPassword, { body: { username: rita.username } });
    await mailCount(smtp, before + 1);
    const first = tokenIn(smtp.messages[before]!.text, 'reset-password');
    await api.call(authRoutes.forgotPassword, { body: { username: rita.username } });
    await mailCount(smtp, before + 2);
    const second = tokenIn(smtp.messages[before + 1]!.text, 'reset-password');
    expect(
      (
        await api.call(authRoutes.resetPassword, {
          body: {
            token: first,
            password: 'fourth-olive-grove',
          },
        })
      ).status,
    ).toBe(400);
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashToken(second)));
    const expired = await api.call(authRoutes.resetPassword, {
      body: {
        token: second,
        password: 'fourth-olive-grove',
      },
    });
    expect(expired.status).toBe(400);
    expect(expired.error).toBe(PASSWORD_RESET_LINK_INVALID);
  });

  it('limits asking per username, whether the account exists or not', async () => {
    // Each from an address of its own (the address has its own, larger limit).
    const codes = async (username: string, remoteAddress: string) => {
      const out = [];
      for (let i = 0; i < 4; i++) {
        const res = await api.call(authRoutes.forgotPassword, {
          body: { username },
          remoteAddress,
        });
        out.push(res.status);
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
