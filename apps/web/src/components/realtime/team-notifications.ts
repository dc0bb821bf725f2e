import { platformRoutes } from '@tavola/contract/refs';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** The platform's settings (the team's Settings tab writes them under this key). */
export const platformSettingsKey = ['platform-settings'] as const;

/**
 * Whether the platform's settings turn the team's notifications off: the
 * team's bell then counts nothing and says so. Restaurant accounts: never.
 */
export function useTeamNotificationsOff(): boolean {
  const session = useSession();
  const team = session?.user.role === 'team';
  const { data } = useQuery({
    queryKey: platformSettingsKey,
    queryFn: ({ signal }) => call(platformRoutes.getPlatformSettings, {}, { signal }),
    enabled: team,
    staleTime: 60_000,
  });
  return team && data?.notificationsEnabled === false;
}
