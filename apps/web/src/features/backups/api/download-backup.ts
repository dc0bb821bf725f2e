import { type Backup, type BackupExport } from '@tavola/contract';
import { backupsRoutes } from '@tavola/contract/refs';
import { downloadRoute } from '@/lib/download';

const stamp = (iso: string) => iso.slice(0, 16).replace(/[-:]/g, '').replace('T', '-');

/** A ready backup's ZIP, saved as tavola-backup-<when>.zip. */
export const downloadBackup = (backup: Pick<Backup, 'id' | 'createdAt'>) =>
  downloadRoute(
    backupsRoutes.downloadBackup,
    { params: { id: backup.id } },
    `tavola-backup-${stamp(backup.createdAt)}.zip`,
  );

/** The exports: orders.csv, users.csv, analytics.csv, or All as a ZIP made now. */
export const exportData = (kind: BackupExport) =>
  downloadRoute(
    backupsRoutes.exportData,
    { params: { kind } },
    kind === 'all' ? `tavola-export-${stamp(new Date().toISOString())}.zip` : `${kind}.csv`,
  );
