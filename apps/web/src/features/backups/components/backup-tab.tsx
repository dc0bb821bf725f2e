import { BackupSettingsCard } from './backup-settings-card';
import { BackupsCard } from './backups-card';
import { ExportCard } from './export-card';

/**
 * The admin's Backup tab (spec §2; issue 15, item 6): Create Backup Now with the list of backups,
 * the automatic schedule, and the exports Orders, Users, Analytics, All.
 */
export function BackupTab(props: { startBackup?: boolean; onBackupStarted?: () => void }) {
  return (
    <section className="space-y-4" aria-labelledby="backup-title">
      <h2 id="backup-title" className="text-xl font-bold">
        Backup
      </h2>
      <BackupsCard {...props} />
      <BackupSettingsCard />
      <ExportCard />
    </section>
  );
}
