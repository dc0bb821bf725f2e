import { STORAGE_PREFIX } from '@tavola/contract';

const KEY = `${STORAGE_PREFIX}signed_out_reason`;

/**
 * Why the server ended this screen's session (a suspended restaurant, a deactivated account), kept
 * for the login page to say once. Per tab (sessionStorage), and only the server's own words.
 */
export function rememberSignOutReason(reason: string): void {
  if (!reason) return;
  try {
    sessionStorage.setItem(KEY, reason.slice(0, 200));
  } catch {
    // No storage: the login page just says nothing.
  }
}

/** The reason, once: reading it forgets it. */
export function takeSignOutReason(): string | null {
  try {
    const reason = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return reason;
  } catch {
    return null;
  }
}
