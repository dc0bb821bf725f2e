import { backupsRoutes } from '@tavola/contract/refs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useInvalidateOnEvents } from '@/lib/realtime/use-live-query';

export const backupsKey = ['backups'] as const;

/** While a backup is being made the list also checks every few seconds (the event may be missed). */
const RUNNING_REFRESH_MS = 3000;

export const getBackups = (signal?: AbortSignal) => call(backupsRoutes.listBackups, {}, { signal });

export const getBackupsQueryOptions = () =>
  queryOptions({
    queryKey: backupsKey,
    queryFn: ({ signal }) => getBackups(signal),
    refetchInterval: (query) =>
      query.state.data?.backups.some((b) => b.status === 'running') ? RUNNING_REFRESH_MS : false,
  });

/** The Backup tab's list: live on backup_updated (started, ready, failed, removed). */
export function useBackups() {
  useInvalidateOnEvents(backupsKey, ['backup_updated']);
  return useQuery(getBackupsQueryOptions());
}
