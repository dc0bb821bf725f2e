import type { PlatformSettings } from '@tavola/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth';

/** The platform's settings (the team's Settings tab writes them under this key). */
export const platformSettingsKey = ['platform-settings'] as const;

/**
 * Whether the platform's settings turn the team's notifications off (issue 14, item 8): the
 * team's bell then counts nothing and says so. Restaurant accounts: never.
 */
export function useTeamNotificationsOff(): boolean {
  const session = useSession();
  const team = session?.user.role === 'team';
  const { data } = useQuery({
    queryKey: platformSettingsKey,
    queryFn: ({ signal }) => apiRequest<PlatformSettings>('/api/platform/settings', { signal }),
    enabled: team,
    staleTime: 60_000,
  });
  return team && data?.notificationsEnabled === false;
}
