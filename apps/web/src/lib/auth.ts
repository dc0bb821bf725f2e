import { isUser, type User } from '@tavola/contract';
import { useSyncExternalStore } from 'react';
import { ApiError, apiRequest } from './api-client';
import { sessionStore, type StoredSession } from './session-store';

export type LoginResult = { ok: true; user: User } | { ok: false; status: number; error?: string };

/**
 * Spec §5: a login succeeds only if the response has success true and data with token and user.
 * Failures carry the status so pages can choose their words; the session is untouched on failure.
 */
export async function login(username: string, password: string): Promise<LoginResult> {
  try {
    const data = await apiRequest<{ token?: unknown; user?: unknown }>('/api/auth/login', {
      method: 'POST',
      body: { username, password },
      auth: false,
    });
    const user = data?.user;
    if (typeof data?.token !== 'string' || !data.token || !isUser(user)) {
      return { ok: false, status: 0 };
    }
    sessionStore.set({ token: data.token, user });
    return { ok: true, user };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, status: error.status, error: error.message };
    return { ok: false, status: 0 };
  }
}

/** Spec §7: logout failures are only logged; the session is cleared regardless. */
export async function logout(): Promise<void> {
  try {
    if (sessionStore.get()) await apiRequest('/api/auth/logout', { method: 'POST' });
  } catch (error) {
    console.warn('Logout request failed', error);
  } finally {
    sessionStore.clear();
  }
}

/**
 * Spec §4/§8: a restored session is followed by a profile refresh; a response that is not OK
 * ('Profile request failed: {status}') or not a user ('Invalid profile response') clears it.
 */
export async function refreshProfile(): Promise<void> {
  const session = sessionStore.get();
  if (!session) return;
  let response: Response;
  try {
    response = await fetch('/api/auth/profile', {
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

/** The signed-in user's restaurant's time zone: the clock staff screens show (issue 13, item 5). */
export function useRestaurantTimeZone(): string | undefined {
  return useSession()?.user.restaurant?.timezone;
}
