import { isUser, type User } from '@tavola/contract';
import { authRoutes } from '@tavola/contract/refs';
import { useSyncExternalStore } from 'react';
import { ApiError, call, routeUrl } from './api-client';
import { sessionStore, type StoredSession } from './session-store';

export type LoginResult =
  | { ok: true; user: User }
  | {
      ok: false;
      status: number;
      error?: string;
      /**
       * The password was right and the account signs in with a code too: send it with this
       * challenge to `loginWithCode`.
       */
      challenge?: string;
    };

type LoginAnswer = {
  token?: unknown;
  user?: unknown;
  twoFactorRequired?: unknown;
  challenge?: unknown;
};

/** Keeps a signed-in session, if the answer is one (data with token and user). */
function keepSession(data: LoginAnswer | null): LoginResult {
  const user = data?.user;
  if (typeof data?.token !== 'string' || !data.token || !isUser(user)) {
    return { ok: false, status: 0 };
  }
  sessionStore.set({ token: data.token, user });
  return { ok: true, user };
}

function failure(error: unknown): LoginResult {
  if (error instanceof ApiError) return { ok: false, status: error.status, error: error.message };
  return { ok: false, status: 0 };
}

/**
 * A login succeeds only if the response has success true and data with token and user.
 * Failures carry the status so pages can choose their words; the session is untouched on failure.
 * An account with two-factor sign-in answers a challenge instead: no session yet.
 */
export async function login(username: string, password: string): Promise<LoginResult> {
  try {
    // Checked field by field below, whatever the type says.
    const data: LoginAnswer | null = await call(authRoutes.login, { body: { username, password } });
    if (data?.twoFactorRequired === true && typeof data.challenge === 'string') {
      return { ok: false, status: 200, challenge: data.challenge };
    }
    return keepSession(data);
  } catch (error) {
    return failure(error);
  }
}

/** The second step of a two-factor sign-in: the app's code, or a recovery code. */
export async function loginWithCode(challenge: string, code: string): Promise<LoginResult> {
  try {
    const data: LoginAnswer | null = await call(authRoutes.loginTwoFactor, {
      body: { challenge, code },
    });
    return keepSession(data);
  } catch (error) {
    return failure(error);
  }
}

/** Logout failures are only logged; the session is cleared regardless. */
export async function logout(): Promise<void> {
  try {
    if (sessionStore.get()) await call(authRoutes.logout);
  } catch (error) {
    console.warn('Logout request failed', error);
  } finally {
    sessionStore.clear();
  }
}

/**
 * A restored session is followed by a profile refresh; a response that is not OK
 * ('Profile request failed: {status}') or not a user ('Invalid profile response') clears it.
 */
export async function refreshProfile(): Promise<void> {
  const session = sessionStore.get();
  if (!session) return;
  let response: Response;
  try {
    response = await fetch(routeUrl(authRoutes.getProfile), {
      headers: { authorization: `Bearer ${session.token}`, accept: 'application/json' },
    });
  } catch (error) {
    // Offline: keep the stored session; the next authenticated call decides.
    console.warn('Profile refresh failed', error);
    return;
  }
  if (sessionStore.get()?.token !== session.token) return;
  if (!response.ok) {
    console.warn(`Profile request failed: ${response.status}`);
    sessionStore.clear();
    return;
  }
  const body = (await response.json().catch(() => null)) as {
    success?: boolean;
    data?: unknown;
    error?: string;
  } | null;
  const user = body?.data;
  if (body?.success !== true || !isUser(user)) {
    console.warn(body?.error ?? 'Invalid profile response');
    sessionStore.clear();
    return;
  }
  sessionStore.set({ token: session.token, user });
}

export function useSession(): StoredSession | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

/** The signed-in user's restaurant's time zone: the clock staff screens show. */
export function useRestaurantTimeZone(): string | undefined {
  return useSession()?.user.restaurant?.timezone;
}
