// What the rest of the server uses of backups: the restore that proves a backup complete, and
// the tick that starts automatic backups (tests drive it). The module itself is registered by
// modules/index.ts.
export { restoreBackup, type RestoreResult } from './restore.js';
export { startDueBackups } from './service.js';
