import type { TwoFactorSetup } from '@tavola/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A new secret for the authenticator app; not in force until a code confirms it. */
export const setupTwoFactor = () =>
  apiRequest<TwoFactorSetup>('/api/auth/two-factor/setup', { method: 'POST' });

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
