import { authRoutes as routes, PASSWORD_RESET_REQUESTED, PRODUCT_NAME } from '@tavola/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { requireAuth } from '../../core/auth/plugin.js';
import { defineRoute } from '../../core/http/define-route.js';
import { refuse } from '../../core/http/errors.js';
import { SharedLimiter } from '../../core/lib/rate-limiter.js';
import type { ServerContext } from '../../core/context.js';
import {
  accountEmailStatus,
  changeAccountEmail,
  verifyEmailToken,
  type AccountMail,
} from './account-email.js';
import { deliverInBackground, requestPasswordReset, resetPassword } from './password-reset.js';

const HOUR_MS = 3_600_000;
/** Links one account may have mailed in an hour (a change or a resend each). */
const LINKS_PER_HOUR = 5;
/** Verification attempts one address may make in an hour (tokens are 256-bit: this is hygiene). */
const VERIFY_ATTEMPTS_PER_HOUR = 30;
/** "Forgot password?" asks: per address, and per username whether it exists or not. */
const RESET_REQUESTS_PER_ADDRESS = 10;
const RESET_REQUESTS_PER_USERNAME = 3;
/** Reset attempts one address may make in an hour. */
const RESET_ATTEMPTS_PER_HOUR = 20;

const accountEmailRoutes: FastifyPluginAsync<{ mail: AccountMail }> = async (app, { mail }) => {
  const linksPerAccount = new SharedLimiter(app.counters, 'email-links', LINKS_PER_HOUR, HOUR_MS);
  const verifyPerAddress = new SharedLimiter(
    app.counters,
    'email-verify',
    VERIFY_ATTEMPTS_PER_HOUR,
    HOUR_MS,
  );
  const resetAsksPerAddress = new SharedLimiter(
    app.counters,
    'reset-ask-ip',
    RESET_REQUESTS_PER_ADDRESS,
    HOUR_MS,
  );
  const resetAsksPerUsername = new SharedLimiter(
    app.counters,
    'reset-ask-user',
    RESET_REQUESTS_PER_USERNAME,
    HOUR_MS,
  );
  const resetsPerAddress = new SharedLimiter(
    app.counters,
    'reset-use-ip',
    RESET_ATTEMPTS_PER_HOUR,
    HOUR_MS,
  );
  const tooMany = (
    wait: number,
    what: 'verifyEmails' | 'verifyAttempts' | 'resetRequests' | 'resetAttempts',
  ) => refuse('ACCOUNT_EMAILS_RATE_LIMITED', { what, minutes: Math.ceil(wait / 60_000) });

  defineRoute(app, routes.getAccountEmail, async (request) => ({
    success: true as const,
    data: await accountEmailStatus(app.db, mail, requireAuth(request).user.id),
  }));

  defineRoute(app, routes.setAccountEmail, async (request) => {
    const { user } = requireAuth(request);
    const wait = await linksPerAccount.hit(user.id);
    if (wait > 0) throw tooMany(wait, 'verifyEmails');
    return {
      success: true as const,
      data: await changeAccountEmail(app.db, mail, request.log, user, request.body.email),
    };
  });

  defineRoute(app, routes.verifyEmail, async (request) => {
    const wait = await verifyPerAddress.hit(request.ip);
    if (wait > 0) throw tooMany(wait, 'verifyAttempts');
    const { email } = await verifyEmailToken(app.db, request.body.token);
    return { success: true as const, data: { email, verified: true as const } };
  });

  defineRoute(app, routes.forgotPassword, async (request) => {
    const username = request.body.username.toLowerCase();
    // Counted for every username alike, so a 429 says nothing about the account either.
    const wait = Math.max(
      await resetAsksPerAddress.hit(request.ip),
      await resetAsksPerUsername.hit(username),
    );
    if (wait > 0) throw tooMany(wait, 'resetRequests');
    deliverInBackground(await requestPasswordReset(app.db, mail, username), request.log);
    return { success: true as const, data: { message: PASSWORD_RESET_REQUESTED } };
  });

  defineRoute(app, routes.resetPassword, async (request) => {
    const wait = await resetsPerAddress.hit(request.ip);
    if (wait > 0) throw tooMany(wait, 'resetAttempts');
    return {
      success: true as const,
      data: await resetPassword(app, request.body.token, request.body.password),
    };
  });
};

/**
 * An account's own email address: set, verified by a single-use link, shown in Settings. The
 * mailer comes from `SMTP_URL` and links from `PUBLIC_URL`; without either nothing is sent.
 */
export const accountEmailModule = fp(
  async (app, opts: { config: Config; ctx: Pick<ServerContext, 'mailer'> }) => {
    const mail: AccountMail = {
      mailer: opts.ctx.mailer,
      publicUrl: opts.config.publicUrl,
      productName: PRODUCT_NAME,
    };
    app.decorate('accountMail', mail);
    await app.register(accountEmailRoutes, { mail });
  },
  { name: 'account-email' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Mailing links to accounts (sign-up mails the owner's verification link through it). */
    accountMail: AccountMail;
  }
}
