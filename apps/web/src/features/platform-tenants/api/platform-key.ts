import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeFigures, useRealtimePlatformEvents } from '@/lib/realtime/provider';

/** Every platform query's key starts here, so one invalidation refreshes the console. */
export const platformKey = ['platform'] as const;

/**
 * Refreshes the console's figures when a platform event arrives (another team member creating or
 * suspending a restaurant, an owner signing up) or a restaurant's activity changed them (the
 * server's `figures` frame): what the team sees is what is.
 */
export function useRefreshOnPlatformEvents(): void {
  const queryClient = useQueryClient();
  useRealtimePlatformEvents(() => {
    void queryClient.invalidateQueries({ queryKey: platformKey });
  });
  // A restaurant's orders, staff or plan changed: the figures that count them are read again.
  useRealtimeFigures(() => {
    for (const part of ['overview', 'restaurants']) {
      void queryClient.invalidateQueries({ queryKey: [...platformKey, part] });
    }
  });
}
