import { type RouteData, type SignupInput } from '@tavola/contract';
import { platformRoutes } from '@tavola/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

export type SignupResult = RouteData<typeof platformRoutes.signUp>;

/** POST /api/signup: a free trial restaurant; the owner comes back signed in. */
export async function signUp(body: SignupInput): Promise<SignupResult> {
  const result = await call(platformRoutes.signUp, { body });
  sessionStore.set({ token: result.token, user: result.user });
  return result;
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
