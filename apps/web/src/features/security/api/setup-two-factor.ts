import { authRoutes } from '@tavola/contract/refs';
import { useMutation } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** A new secret for the authenticator app; not in force until a code confirms it. */
export const setupTwoFactor = () => call(authRoutes.startTwoFactorSetup);

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
