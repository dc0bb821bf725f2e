import { BackupSettingsCard } from './backup-settings-card';
import { BackupsCard } from './backups-card';
import { t } from '../messages';
import { ExportCard } from './export-card';

/**
 * The admin's Backup tab: Create Backup Now with the list of backups,
 * the automatic schedule, and the exports Orders, Users, Analytics, All.
 */
export function BackupTab() {
  return (
    <section className="space-y-4" aria-labelledby="backup-title">
      <h2 id="backup-title" className="text-xl font-bold">
        {t('backup')}
      </h2>
      <BackupsCard />
      <BackupSettingsCard />
      <ExportCard />
    </section>
  );
}
