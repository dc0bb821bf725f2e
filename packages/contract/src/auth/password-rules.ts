import type { z } from 'zod';
import { SYSTEM_SETTING_LIMITS } from '../settings/limits.js';
import { refusalsEn } from '../i18n/catalogs/en.js';
import { refusalText } from '../i18n/messages.js';
import type { Refusal } from '../i18n/refusals.js';

/**
 * What makes a new password unusable, as one pure rule: the server applies it wherever a password
 * is set (with the full list of common passwords), and every form shows the same words before it
 * is sent (with the short list below).
 */

export const PASSWORD_TOO_COMMON = refusalsEn.PASSWORD_TOO_COMMON;
export const PASSWORD_IS_USERNAME = refusalsEn.PASSWORD_IS_USERNAME;
export const PASSWORD_BLANK = refusalsEn.PASSWORD_BLANK;
export const PASSWORD_ONE_CHARACTER = refusalsEn.PASSWORD_ONE_CHARACTER;
export const PASSWORD_SHORT_PATTERN = refusalsEn.PASSWORD_SHORT_PATTERN;
export const PASSWORD_REPEATED_WORD = refusalsEn.PASSWORD_REPEATED_WORD;

export const passwordTooShort = (min: number) => refusalText('PASSWORD_TOO_SHORT', { min });

/** The same, when spaces at either end made it too short: those do not count. */
export const passwordTooShortTrimmed = (min: number) =>
  refusalText('PASSWORD_TOO_SHORT_TRIMMED', { min });

/** Repeats of a unit this short are a pattern, not a password ("ababab", "123123"). */
const SHORT_PATTERN_MAX = 3;

/**
 * A few of the most common passwords and words people build them from: enough for a form to
 * refuse the obvious before it is sent. The server checks against its list of 10,000.
 */
export const COMMON_PASSWORD_WORDS: readonly string[] = [
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'passw0rd',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'azerty',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'login',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'soccer',
  'sunshine',
  'princess',
  'master',
  'shadow',
  'superman',
  'batman',
  'starwars',
  'trustno1',
  'abc123',
  'hello',
  'freedom',
  'whatever',
  'secret',
  'changeme',
  'michael',
  'charlie',
  'pizza',
  'pasta',
  'restaurant',
  'tavola',
  'waiter',
  'kitchen',
  'manager',
  'summer',
  'winter',
];

const SHORT_LIST = new Set(COMMON_PASSWORD_WORDS);

export const isShortListCommon = (word: string) => SHORT_LIST.has(word.toLowerCase());

export interface PasswordPolicy {
  /** The restaurant's minimum length (the platform's floor when the account has none). */
  minLength?: number | undefined;
  /** The account's username: the password must not be it. */
  username?: string | undefined;
  /** Whether a word is a common password (lowercase in); the short list above by default. */
  isCommon?: ((word: string) => boolean) | undefined;
}

/**
 * The shortest unit the text is made of, repeated at least twice (a cut-off last repeat allowed:
 * "passwordpasswordpass" is "password"), or null when it is not a repetition.
 */
export function repeatedUnit(text: string): string | null {
  const chars = [...text];
  for (let period = 1; period * 2 <= chars.length; period++) {
    if (chars.every((c, i) => c === chars[i % period])) return chars.slice(0, period).join('');
  }
  return null;
}

/** Letters and digits only: "password-" and "password " are the word "password". */
const bareWord = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/** What is wrong with a new password under a policy, as the catalog's code; null when usable. */
export function passwordRefusal(password: string, policy: PasswordPolicy = {}): Refusal | null {
  const minLength = policy.minLength ?? SYSTEM_SETTING_LIMITS.passwordMinLength.default;
  const isCommon = policy.isCommon ?? isShortListCommon;
  const trimmed = password.trim();
  if (password.length > 0 && trimmed.length === 0) return { code: 'PASSWORD_BLANK' };
  // Characters as a person counts them, not UTF-16 units.
  if ([...trimmed].length < minLength) {
    const code = trimmed === password ? 'PASSWORD_TOO_SHORT' : 'PASSWORD_TOO_SHORT_TRIMMED';
    return { code, params: { min: minLength } };
  }
  const lower = trimmed.toLowerCase();
  const username = policy.username?.trim().toLowerCase();
  if (username && lower === username) return { code: 'PASSWORD_IS_USERNAME' };
  if (isCommon(lower)) return { code: 'PASSWORD_TOO_COMMON' };
  const unit = repeatedUnit(lower);
  if (unit !== null) {
    if ([...unit].length === 1) return { code: 'PASSWORD_ONE_CHARACTER' };
    if ([...unit].length <= SHORT_PATTERN_MAX) return { code: 'PASSWORD_SHORT_PATTERN' };
    const word = bareWord(unit);
    if (word.length <= SHORT_PATTERN_MAX) return { code: 'PASSWORD_SHORT_PATTERN' };
    if (isCommon(word) || isCommon(unit.trim()) || word === username) {
      return { code: 'PASSWORD_REPEATED_WORD' };
    }
  }
  return null;
}

/** `passwordRefusal` in English words, as forms show it. */
export function passwordProblem(password: string, policy: PasswordPolicy = {}): string | null {
  const refusal = passwordRefusal(password, policy);
  return refusal && refusalText(refusal.code, refusal.params);
}

/**
 * A schema check for a new password field (the platform's floor and the short list): forms show
 * the rule's words before anything is sent; the server's own check adds the restaurant's length,
 * the username and the long list.
 */
export function checkNewPassword(value: string, ctx: z.RefinementCtx<string>): void {
  const problem = passwordProblem(value, {
    minLength: SYSTEM_SETTING_LIMITS.passwordMinLength.min,
  });
  if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
}
