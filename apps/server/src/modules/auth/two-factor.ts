import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  canUseTwoFactor,
  LOGIN_CHALLENGE_EXPIRED,
  RECOVERY_CODE_COUNT,
  refusalsEn,
  type TwoFactorSetup,
  type TwoFactorStatus,
  type User,
} from '@tavola/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import {
  staffActor,
  teamMember,
  type StaffActor,
  type TeamMember,
} from '../../core/auth/actors.js';
import { requireAuth } from '../../core/auth/plugin.js';
import { base32Encode, matchTotp, newTotpSecret, otpauthUri, TOTP } from '../../core/auth/totp.js';
import type { AuditEntry } from '../../core/audit/writer.js';
import type { Db, DbOrTx, Tx } from '../../core/db/client.js';
import { platformSettings, users } from '../../core/db/schema.js';
import { authScopes } from '../../core/auth/session-cache.js';
import { runPlatformWork, runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import type { CounterStore } from '../../core/lib/rate-limiter.js';

type UserRow = typeof users.$inferSelect;

/** What the two-factor services need: the database, the bus and the shared counters. */
export type TwoFactorContext = WorkContext & { counters: CounterStore };

export const TWO_FACTOR_ISSUER = 'Tavola';
export const WRONG_CODE = refusalsEn.TWO_FACTOR_WRONG_CODE;
export const REUSED_CODE = refusalsEn.TWO_FACTOR_CODE_REUSED;
export const LOGIN_WRONG_CODE = refusalsEn.LOGIN_WRONG_CODE;
export const CHALLENGE_EXPIRED = LOGIN_CHALLENGE_EXPIRED;

/** Whether the account signs in with a code after its password. */
export function hasTwoFactor(user: UserRow): boolean {
  return user.totpEnabledAt !== null && user.totpSecret !== null;
}

// --- The sign-in challenge -----------------------------------------------------------------

/** How long a correct password waits for its code. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * The challenge is signed with a key only the server can know: derived from the account's
 * password hash and TOTP secret. No server-wide key is needed (every instance can check it),
 * and it stops working by itself when the password changes or two-factor sign-in is turned off.
 */
function challengeKey(user: UserRow): Buffer {
  return createHash('sha256')
    .update('tavola-login-challenge\0')
    .update(user.passwordHash)
    .update('\0')
    .update(user.totpSecret ?? '')
    .digest();
}

function challengeMac(user: UserRow, payload: string): string {
  return createHmac('sha256', challengeKey(user)).update(payload).digest('base64url');
}

export function newLoginChallenge(
  user: UserRow,
  now = Date.now(),
): { challenge: string; expiresAt: Date } {
  const expiresAt = now + CHALLENGE_TTL_MS;
  const payload = `${user.id}.${expiresAt}.${randomBytes(9).toString('base64url')}`;
  return { challenge: `${payload}.${challengeMac(user, payload)}`, expiresAt: new Date(expiresAt) };
}

/** The account a challenge names (not yet checked). */
export function challengeUserId(challenge: string): string | null {
  const id = challenge.split('.')[0] ?? '';
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) ? id : null;
}

/** Whether the challenge was made by this server for this account and has not expired. */
export function isValidLoginChallenge(challenge: string, user: UserRow, now = Date.now()): boolean {
  const parts = challenge.split('.');
  if (parts.length !== 4 || parts[0] !== user.id || !hasTwoFactor(user)) return false;
  const expiresAt = Number(parts[1]);
  if (!Number.isSafeInteger(expiresAt) || expiresAt <= now) return false;
  const expected = Buffer.from(challengeMac(user, parts.slice(0, 3).join('.')));
  const given = Buffer.from(parts[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

// --- Codes ---------------------------------------------------------------------------------

/** A code step stays usable for up to three steps (one either side); remember it a bit longer. */
const USED_STEP_MEMORY_MS = TOTP.stepSeconds * 4 * 1000;

function usedStepKey(userId: string, step: number): string {
  return `totp-used:${userId}:${step}`;
}

export function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z2-7]/g, '');
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normalizeRecoveryCode(code)).digest('hex');
}

/** Ten new recovery codes ('k3jd7-q2mzx': 50 random bits each), shown once. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

export type SecondFactorResult =
  { ok: true; factor: 'code' | 'recovery_code' } | { ok: false; reused: boolean };

/**
 * Checks an authenticator code (six digits) or a recovery code, and uses it up: an app code's
 * time step is refused from then on (on every instance: the counters are shared), a recovery
 * code is removed from the account in the same statement that finds it.
 */
export async function useSecondFactor(
  db: DbOrTx,
  counters: CounterStore,
  user: UserRow,
  input: string,
  now = Date.now(),
): Promise<SecondFactorResult> {
  const digits = input.replace(/\s/g, '');
  if (/^\d{6}$/.test(digits)) {
    const step = user.totpSecret ? matchTotp(user.totpSecret, digits, now) : null;
    if (step === null) return { ok: false, reused: false };
    const seen = await counters.hit(usedStepKey(user.id, step), USED_STEP_MEMORY_MS);
    return seen.count > 1 ? { ok: false, reused: true } : { ok: true, factor: 'code' };
  }
  const hash = hashRecoveryCode(input);
  if (normalizeRecoveryCode(input).length !== 10) return { ok: false, reused: false };
  const used = await db
    .update(users)
    .set({ totpRecoveryCodes: sql`array_remove(${users.totpRecoveryCodes}, ${hash})` })
    .where(and(eq(users.id, user.id), sql`${hash} = any(${users.totpRecoveryCodes})`))
    .returning({ id: users.id });
  return used.length > 0 ? { ok: true, factor: 'recovery_code' } : { ok: false, reused: false };
}

// --- Enrolment -----------------------------------------------------------------------------

async function ownRow(db: DbOrTx, user: User): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw refuse('ACCOUNT_NOT_FOUND');
  return row;
}

function assertMayUse(user: User): void {
  if (!canUseTwoFactor(user.role)) {
    throw refuse('TWO_FACTOR_NOT_FOR_ROLE');
  }
}

/** Whoever is changing their own two-factor sign-in: a restaurant's staff or a team member. */
export type AccountActor = StaffActor | (TeamMember & { kind: 'team' });

/** The caller of a two-factor route, restaurant account or team account. */
export function accountActor(request: FastifyRequest): AccountActor {
  const auth = requireAuth(request);
  return auth.restaurantId ? staffActor(request) : { kind: 'team', ...teamMember(request) };
}

/** Its own unit of work: audited in the restaurant's log, or the platform's for the team. */
function runOwnWork(
  ctx: WorkContext,
  actor: AccountActor,
  body: (uow: {
    tx: Tx;
    audit: (entry: AuditEntry) => void;
    invalidate: (...scopes: string[]) => void;
  }) => Promise<void>,
): Promise<void> {
  return actor.kind === 'team' ? runPlatformWork(ctx, actor, body) : runWork(ctx, actor, body);
}

export async function twoFactorStatus(db: Db, user: User): Promise<TwoFactorStatus> {
  const row = await ownRow(db, user);
  const enabled = hasTwoFactor(row);
  return {
    available: canUseTwoFactor(user.role),
    enabled,
    enabledAt: enabled ? row.totpEnabledAt!.toISOString() : null,
    recoveryCodesLeft: enabled ? row.totpRecoveryCodes.length : 0,
  };
}

/**
 * Starts enrolment: a new secret kept on the account but not in force until a first code from
 * the app confirms it (starting again replaces it).
 */
export async function startTwoFactorSetup(db: Db, actor: AccountActor): Promise<TwoFactorSetup> {
  assertMayUse(actor.user);
  const secret = newTotpSecret();
  const updated = await db
    .update(users)
    .set({ totpSecret: secret, updatedAt: new Date() })
    .where(and(eq(users.id, actor.user.id), isNull(users.totpEnabledAt)))
    .returning({ id: users.id });
  if (updated.length === 0) throw refuse('TWO_FACTOR_ALREADY_ON');
  const uri = otpauthUri(secret, TWO_FACTOR_ISSUER, actor.user.username);
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret, otpauthUri: uri, qrSvg };
}

/** Confirms enrolment with a first code from the app; answers the recovery codes, once. */
export async function enableTwoFactor(
  ctx: TwoFactorContext,
  actor: AccountActor,
  code: string,
): Promise<string[]> {
  assertMayUse(actor.user);
  const row = await ownRow(ctx.db, actor.user);
  if (hasTwoFactor(row)) throw refuse('TWO_FACTOR_ALREADY_ON');
  if (!row.totpSecret) throw refuse('TWO_FACTOR_SETUP_NOT_STARTED');
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) throw refuse('TWO_FACTOR_CODE_FORMAT');
  const result = await useSecondFactor(ctx.db, ctx.counters, row, digits);
  if (!result.ok) throw refuse(result.reused ? 'TWO_FACTOR_CODE_REUSED' : 'TWO_FACTOR_WRONG_CODE');
  const recoveryCodes = newRecoveryCodes();
  await runOwnWork(ctx, actor, async (uow) => {
    const updated = await uow.tx
      .update(users)
      .set({
        totpEnabledAt: new Date(),
        totpRecoveryCodes: recoveryCodes.map(hashRecoveryCode),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(users.id, row.id),
          isNull(users.totpEnabledAt),
          // A set-up started again elsewhere meanwhile has another secret: this code is not for it.
          eq(users.totpSecret, row.totpSecret!),
        ),
      )
      .returning({ id: users.id });
    if (updated.length === 0) throw refuse('TWO_FACTOR_SETUP_CHANGED');
    uow.audit({ action: 'auth.two_factor_enabled', entityType: 'user', entityId: row.id });
    // A team account that had to set it up may now do everything: its sessions say so at once.
    uow.invalidate(authScopes.user(row.id));
  });
  return recoveryCodes;
}

/** Turns two-factor sign-in off, with an app code or a recovery code. */
export async function disableTwoFactor(
  ctx: TwoFactorContext,
  actor: AccountActor,
  code: string,
): Promise<void> {
  const row = await ownRow(ctx.db, actor.user);
  if (!hasTwoFactor(row)) throw refuse('TWO_FACTOR_NOT_ON');
  if (actor.kind === 'team' && (await readPlatformRequirement(ctx.db))) {
    throw refuse('TEAM_TWO_FACTOR_CANNOT_DISABLE');
  }
  const result = await useSecondFactor(ctx.db, ctx.counters, row, code);
  if (!result.ok) throw refuse(result.reused ? 'TWO_FACTOR_CODE_REUSED' : 'TWO_FACTOR_WRONG_CODE');
  await runOwnWork(ctx, actor, async (uow) => {
    await uow.tx
      .update(users)
      .set({
        totpSecret: null,
        totpEnabledAt: null,
        totpRecoveryCodes: [],
        updatedAt: new Date(),
      })
      .where(eq(users.id, row.id));
    uow.invalidate(authScopes.user(row.id));
    uow.audit({
      action: 'auth.two_factor_disabled',
      entityType: 'user',
      entityId: row.id,
      details: { with: result.factor },
    });
  });
}

/** A failed code at sign-in: 401, in the words the login page shows. */
export function loginCodeError(result: Extract<SecondFactorResult, { ok: false }>) {
  return refuse(result.reused ? 'LOGIN_CODE_REUSED' : 'LOGIN_WRONG_CODE');
}

/** Whether the team requires two-factor sign-in of team accounts now. */
async function readPlatformRequirement(db: Db): Promise<boolean> {
  const [settings] = await db
    .select({ required: platformSettings.requireTeamTwoFactor })
    .from(platformSettings)
    .where(eq(platformSettings.id, 1));
  return settings?.required === true;
}
