/**
 * The system settings that are numbers, with the bounds the server enforces and the database
 * checks. Zod-free: the admin's form and the server read the same bounds.
 */
export const SYSTEM_SETTING_LIMITS = {
  /** An order still new after this many minutes is escalated (urgent; the manager is told). */
  orderTimeoutMinutes: { min: 5, max: 240, default: 30 },
  /** The most guests one table may seat (a table's capacity, a session's guest count). */
  maxTableCapacity: { min: 1, max: 100, default: 20 },
  /** Staff tokens issued from now on live this long (shown as 24 hours). */
  sessionTimeoutHours: { min: 1, max: 720, default: 24 },
  /** The shortest password a new or reset password may have. */
  passwordMinLength: { min: 8, max: 128, default: 8 },
  /** Automatic backups every this many hours (6 by default). */
  backupIntervalHours: { min: 1, max: 168, default: 6 },
  /** How many automatic backups are kept. */
  backupKeep: { min: 1, max: 100, default: 10 },
} as const;
export type SystemSettingLimit = keyof typeof SYSTEM_SETTING_LIMITS;

/** Backups: made by hand (Create Backup Now) or by the schedule; their lifecycle. */
export const BACKUP_KINDS = ['manual', 'auto'] as const;
export const BACKUP_STATUSES = ['running', 'ready', 'failed'] as const;
