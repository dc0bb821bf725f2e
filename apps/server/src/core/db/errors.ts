/** PostgreSQL error codes the services act on (the driver may wrap the error: causes are walked). */
function hasCode(error: unknown, code: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** A unique index refused the row (23505): a race another writer won, or a duplicate. */
export const isUniqueViolation = (error: unknown): boolean => hasCode(error, '23505');

/** PostgreSQL chose this transaction as a deadlock's victim (40P01): it may simply be retried. */
export const isDeadlock = (error: unknown): boolean => hasCode(error, '40P01');

/**
 * Runs `work` (a whole unit of work) and runs it again, up to three times in all, when PostgreSQL
 * picked it as the victim of a deadlock: its transaction was rolled back whole, so a new try is safe.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt < 3 && isDeadlock(error)) continue;
      throw error;
    }
  }
}
