// What the rest of the server uses of backups: its routes and jobs (registered together), and the
// restore that proves a backup complete.
import type { FastifyPluginAsync } from 'fastify';
import { backupRoutes } from './routes.js';
import { registerBackupJobs, type BackupOptions } from './service.js';

export { restoreBackup, type RestoreResult } from './restore.js';
export { startDueBackups } from './service.js';

/** The Backup tab's routes, the backup job and the tick that starts automatic backups. */
export const backupsModule: FastifyPluginAsync<BackupOptions> = async (app, opts) => {
  registerBackupJobs(app, opts);
  await app.register(backupRoutes, opts.maxBytes === undefined ? {} : { maxBytes: opts.maxBytes });
};
