import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { SYSTEM_SETTING_LIMITS } from '../settings/limits.js';
import { ROLES, type Role } from './roles.js';
import { refusalsEn } from '../i18n/catalogs/en.js';

/**
 * The admin's Security tab: session timeout, password policy, the sign-in
 * sessions open now, recent failed sign-ins, and two-factor sign-in for admins and managers.
 */

const { sessionTimeoutHours: TIMEOUT, passwordMinLength: MIN_LENGTH } = SYSTEM_SETTING_LIMITS;

const timeoutRange = `Session timeout must be between ${TIMEOUT.min} and ${TIMEOUT.max} hours`;
const minLengthRange = `Minimum password length must be between ${MIN_LENGTH.min} and ${MIN_LENGTH.max} characters`;

/** PUT /api/security/settings: either or both. */
export const securitySettingsInputSchema = z.object({
  sessionTimeoutHours: z
    .number({ error: 'Session timeout must be a number of hours' })
    .int('Session timeout must be a whole number of hours')
    .min(TIMEOUT.min, timeoutRange)
    .max(TIMEOUT.max, timeoutRange)
    .optional(),
  passwordMinLength: z
    .number({ error: 'Minimum password length must be a number' })
    .int('Minimum password length must be a whole number')
    .min(MIN_LENGTH.min, minLengthRange)
    .max(MIN_LENGTH.max, minLengthRange)
    .optional(),
});

export type SecuritySettingsInput = z.infer<typeof securitySettingsInputSchema>;

export const securitySettingsSchema = z.object({
  /** Staff sign-ins from now on last this long; sessions already open keep their end. */
  sessionTimeoutHours: z.number().int(),
  passwordMinLength: z.number().int(),
});

export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

/** GET and PUT /api/security/settings. */
export const securitySettingsResponseSchema = successResponseSchema(securitySettingsSchema);

/** A staff sign-in session that is open now (not signed out, revoked or expired). */
export const activeSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  /** The browser and system from the user agent, short ('Chrome on Windows'). */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  /** The last call made with it (kept to the minute). */
  lastSeenAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The session this list was asked for with. */
  current: z.boolean(),
});

export type ActiveSession = z.infer<typeof activeSessionSchema>;

/** GET /api/security/sessions. */
export const activeSessionsResponseSchema = successResponseSchema(z.array(activeSessionSchema));

/** DELETE /api/security/sessions/{id}. */
export const sessionRevokeResponseSchema = successResponseSchema(
  z.object({ revoked: z.literal(true) }),
);

/** Why a sign-in failed, as the failed sign-ins list says it. */
export const LOGIN_FAILURE_REASONS = [
  'unknown_user',
  'wrong_password',
  'deactivated',
  'suspended',
  'wrong_code',
  'too_many_attempts',
] as const;

export type LoginFailureReason = (typeof LOGIN_FAILURE_REASONS)[number];

export const LOGIN_FAILURE_LABELS: Record<LoginFailureReason, string> = {
  unknown_user: 'Unknown username',
  wrong_password: 'Wrong password',
  deactivated: 'Account deactivated',
  suspended: 'Restaurant suspended',
  wrong_code: 'Wrong two-factor code',
  too_many_attempts: 'Too many attempts',
};

/** How many failed sign-ins the admin sees, and how long they are kept. */
export const LOGIN_FAILURES_SHOWN = 50;
export const LOGIN_FAILURES_KEPT_DAYS = 30;

export const loginFailureSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** The account the username belongs to (null never appears in a restaurant's list). */
  userId: z.string().nullable(),
  ip: z.string().nullable(),
  device: z.string(),
  reason: z.enum(LOGIN_FAILURE_REASONS),
  createdAt: z.string(),
});

export type LoginFailure = z.infer<typeof loginFailureSchema>;

/** GET /api/security/login-failures: the restaurant's latest, newest first. */
export const loginFailuresResponseSchema = successResponseSchema(z.array(loginFailureSchema));

/** Roles that may turn on two-factor sign-in for their own account. */
export const TWO_FACTOR_ROLES: readonly Role[] = ['admin', 'manager', 'team'];

/**
 * What a team account without two-factor sign-in is answered, everywhere but its own set-up,
 * while the team requires it (the platform setting `requireTeamTwoFactor`).
 */
export const TEAM_TWO_FACTOR_REQUIRED = refusalsEn.TEAM_TWO_FACTOR_REQUIRED;

/** Turning it off is refused while the team requires it. */
export const TEAM_TWO_FACTOR_CANNOT_DISABLE = refusalsEn.TEAM_TWO_FACTOR_CANNOT_DISABLE;

/** The team member requiring it must have it on themselves first. */
export const TEAM_TWO_FACTOR_SELF_FIRST = refusalsEn.TEAM_TWO_FACTOR_SELF_FIRST;

export function canUseTwoFactor(role: Role): boolean {
  return TWO_FACTOR_ROLES.includes(role);
}

/** How many recovery codes an enrolment gives (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** GET /api/auth/two-factor: the signed-in user's own two-factor sign-in. */
export const twoFactorStatusSchema = z.object({
  /** Whether this account may turn it on (admins, managers and the team). */
  available: z.boolean(),
  enabled: z.boolean(),
  enabledAt: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});

export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const twoFactorStatusResponseSchema = successResponseSchema(twoFactorStatusSchema);

/** POST /api/auth/two-factor/setup: a new secret to add to an authenticator app. */
export const twoFactorSetupSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The URI as a QR code (SVG markup). */
  qrSvg: z.string(),
});

export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

export const twoFactorSetupResponseSchema = successResponseSchema(twoFactorSetupSchema);

const codeSchema = z
  .string({ error: 'Enter the code from your authenticator app' })
  .trim()
  .min(1, 'Enter the code from your authenticator app')
  .max(40, 'That code is too long');

/** Confirming an enrolment, turning it off (an app code or a recovery code). */
export const twoFactorCodeInputSchema = z.object({ code: codeSchema });

export type TwoFactorCodeInput = z.infer<typeof twoFactorCodeInputSchema>;

/** POST /api/auth/two-factor/enable: the recovery codes, shown this once. */
export const twoFactorEnableResponseSchema = successResponseSchema(
  z.object({ recoveryCodes: z.array(z.string()) }),
);

/**
 * The answer to a correct password of an account with two-factor sign-in: no token yet, a
 * short-lived challenge to send back with the code.
 */
export const loginChallengeSchema = z.object({
  twoFactorRequired: z.literal(true),
  challenge: z.string(),
  expiresAt: z.string(),
});

export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** The 401 of a challenge that ran out or is not the server's: the login page starts over. */
export const LOGIN_CHALLENGE_EXPIRED = refusalsEn.LOGIN_CHALLENGE_EXPIRED;

/** POST /api/auth/login/two-factor. */
export const loginTwoFactorInputSchema = z.object({
  challenge: z
    .string({ error: 'Please sign in again' })
    .min(1, 'Please sign in again')
    .max(400, 'Please sign in again'),
  code: codeSchema,
});

export type LoginTwoFactorInput = z.infer<typeof loginTwoFactorInputSchema>;
