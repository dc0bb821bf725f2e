import type { EmailVerificationOutcome, SignupInput, User } from '@tavola/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStore } from '@/lib/session-store';

export interface SignupResult {
  token: string;
  user: User;
  expiresAt: string;
  restaurant: { id: string; name: string; trialEndsAt: string };
  emailVerification: EmailVerificationOutcome | null;
}

/** POST /api/signup: a free trial restaurant; the owner comes back signed in. */
export async function signUp(body: SignupInput): Promise<SignupResult> {
  const result = await apiRequest<SignupResult>('/api/signup', {
    method: 'POST',
    body,
    auth: false,
  });
  sessionStore.set({ token: result.token, user: result.user });
  return result;
}

export const useSignUp = () => useMutation({ mutationFn: signUp });
