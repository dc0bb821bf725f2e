import {
  accountEmailInputSchema,
  accountEmailStatusResponseSchema,
  emailVerifyInputSchema,
  emailVerifyResponseSchema,
  PASSWORD_RESET_REQUESTED,
  passwordForgotInputSchema,
  passwordForgotResponseSchema,
  passwordResetInputSchema,
  passwordResetResponseSchema,
  PRODUCT_NAME,
} from '@tavola/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { requireAuth } from '../../core/auth/plugin.js';
import { AppError } from '../../core/http/errors.js';
import { errorResponses } from '../../core/http/responses.js';
import { SharedLimiter } from '../../core/lib/rate-limiter.js';
import { createMailer } from '../../core/mail/mailer.js';
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

const routes: FastifyPluginAsyncZod<{ mail: AccountMail }> = async (app, { mail }) => {
  const tags = ['Auth'];
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
  const tooMany = (wait: number, what: string) => {
    const minutes = Math.ceil(wait / 60_000);
    return new AppError(
      'RATE_LIMITED',
      `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  };

  app.get(
    '/api/auth/email',
    {
      schema: {
        tags,
        summary: 'Your email address and whether it is verified',
        response: { 200: accountEmailStatusResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      data: await accountEmailStatus(app.db, mail, requireAuth(request).user.id),
    }),
  );

  app.put(
    '/api/auth/email',
    {
      schema: {
        tags,
        summary: 'Set your email address (or send its verification link again)',
        body: accountEmailInputSchema,
        response: { 200: accountEmailStatusResponseSchema, ...errorResponses(429) },
      },
    },
    async (request) => {
      const { user } = requireAuth(request);
      const wait = await linksPerAccount.hit(user.id);
      if (wait > 0) throw tooMany(wait, 'verification emails');
      return {
        success: true as const,
        data: await changeAccountEmail(app.db, mail, request.log, user, request.body.email),
      };
    },
  );

  app.post(
    '/api/auth/email/verify',
    {
      schema: {
        tags,
        summary: 'Open an email verification link (the token proves the address)',
        body: emailVerifyInputSchema,
        response: { 200: emailVerifyResponseSchema, ...errorResponses(429) },
      },
      config: { public: true },
    },
    async (request) => {
      const wait = await verifyPerAddress.hit(request.ip);
      if (wait > 0) throw tooMany(wait, 'verification attempts');
      const { email } = await verifyEmailToken(app.db, request.body.token);
      return { success: true as const, data: { email, verified: true as const } };
    },
  );

  app.post(
    '/api/auth/password/forgot',
    {
      schema: {
        tags,
        summary: 'Forgot password: mail a reset link to the account’s verified address',
        body: passwordForgotInputSchema,
        response: { 200: passwordForgotResponseSchema, ...errorResponses(429) },
      },
      config: { public: true },
    },
    async (request) => {
      const username = request.body.username.toLowerCase();
      // Counted for every username alike, so a 429 says nothing about the account either.
      const wait = Math.max(
        await resetAsksPerAddress.hit(request.ip),
        await resetAsksPerUsername.hit(username),
      );
      if (wait > 0) throw tooMany(wait, 'password reset requests');
      deliverInBackground(await requestPasswordReset(app.db, mail, username), request.log);
      return { success: true as const, data: { message: PASSWORD_RESET_REQUESTED } };
    },
  );

  app.post(
    '/api/auth/password/reset',
    {
      schema: {
        tags,
        summary: 'Choose a new password with a reset link (the token proves the mailbox)',
        body: passwordResetInputSchema,
        response: { 200: passwordResetResponseSchema, ...errorResponses(429) },
      },
      config: { public: true },
    },
    async (request) => {
      const wait = await resetsPerAddress.hit(request.ip);
      if (wait > 0) throw tooMany(wait, 'password reset attempts');
      return {
        success: true as const,
        data: await resetPassword(app, request.body.token, request.body.password),
      };
    },
  );
};

/**
 * An account's own email address: set, verified by a single-use link, shown in Settings. The
 * mailer comes from `SMTP_URL` and links from `PUBLIC_URL`; without either nothing is sent.
 */
export const accountEmailModule = fp(
  async (app, opts: { config: Config }) => {
    const mailer = opts.config.mail ? createMailer(opts.config.mail) : null;
    const mail: AccountMail = {
      mailer,
      publicUrl: opts.config.publicUrl,
      productName: PRODUCT_NAME,
    };
    app.decorate('accountMail', mail);
    app.addHook('onClose', async () => mailer?.close());
    await app.register(routes, { mail });
  },
  { name: 'account-email' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Mailing links to accounts (sign-up mails the owner's verification link through it). */
    accountMail: AccountMail;
  }
}
