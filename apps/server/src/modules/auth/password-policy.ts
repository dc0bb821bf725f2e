import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { passwordRefusal, type Refusal, SYSTEM_SETTING_LIMITS } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import { restaurants } from '../../core/db/schema.js';
import { refuse } from '../../core/http/errors.js';

export { PASSWORD_IS_USERNAME, PASSWORD_TOO_COMMON, passwordTooShort } from '@tavola/contract';

/** The vendored list (assets/passwords), from source or from the bundle beside dist/main.js. */
function listFile(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../assets/passwords/common-passwords.txt'),
    path.resolve(here, '../assets/passwords/common-passwords.txt'),
  ];
  const found = candidates.find((c) => fs.existsSync(c));
  if (!found)
    throw new Error(`Common password list not found (looked in ${candidates.join(', ')})`);
  return found;
}

let common: Set<string> | null = null;

/** Whether a password is on the list of the 10,000 most common ones (case does not matter). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readFileSync(listFile(), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common.has(password.toLowerCase());
}

/** What is wrong with a new password under a policy (the contract's rule, with the long list). */
export function passwordProblem(
  password: string,
  policy: { minLength: number; username?: string | undefined },
): Refusal | null {
  return passwordRefusal(password, { ...policy, isCommon: isCommonPassword });
}

/** The restaurant's minimum password length (the platform's floor for accounts without one). */
export async function passwordMinLength(db: DbOrTx, restaurantId: string | null): Promise<number> {
  if (!restaurantId) return SYSTEM_SETTING_LIMITS.passwordMinLength.default;
  const [row] = await db
    .select({ min: restaurants.passwordMinLength })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  return row?.min ?? SYSTEM_SETTING_LIMITS.passwordMinLength.default;
}

/**
 * Every place a password is set calls this first (staff and managers created or reset, a new
 * restaurant's admin): a 400 in plain words when the restaurant's policy refuses it.
 */
export async function assertPasswordAllowed(
  db: DbOrTx,
  restaurantId: string | null,
  password: string,
  username?: string,
): Promise<void> {
  const problem = passwordProblem(password, {
    minLength: await passwordMinLength(db, restaurantId),
    username,
  });
  if (problem) throw refuse(problem.code, problem.params);
}
