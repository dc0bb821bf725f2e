import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { BACKUP_KINDS, BACKUP_STATUSES, SYSTEM_SETTING_LIMITS } from '../settings/limits.js';
import { refusalsEn } from '../i18n/catalogs/en.js';

/** One backup as the Backup tab lists it (the ZIP itself is downloaded on its own). */
export const backupSchema = z.object({
  id: z.string(),
  kind: z.enum(BACKUP_KINDS),
  status: z.enum(BACKUP_STATUSES),
  /** The ZIP's size once ready. */
  sizeBytes: z.number().int().nullable(),
  /** Why it failed, in words an admin can act on. */
  error: z.string().nullable(),
  /** Who asked for it (null for an automatic one). */
  createdBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});

export type Backup = z.infer<typeof backupSchema>;

export const backupResponseSchema = successResponseSchema(backupSchema);

/** A whole number within a backup setting's bounds, with the words a person reads. */
function bounded(key: 'backupIntervalHours' | 'backupKeep', label: string, unit: string) {
  const { min, max } = SYSTEM_SETTING_LIMITS[key];
  const range = `${label} must be between ${min} and ${max} ${unit}`;
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, range)
    .max(max, range);
}

/** PUT /api/backups/settings: automatic backups, every so many hours, the newest so many kept. */
export const backupSettingsSchema = z.object({
  autoBackup: z.boolean({ error: 'Auto backup must be on or off' }),
  intervalHours: bounded('backupIntervalHours', 'Backup interval', 'hours'),
  keep: bounded('backupKeep', 'Backups kept', 'backups'),
});

export type BackupSettings = z.infer<typeof backupSettingsSchema>;

export const backupSettingsResponseSchema = successResponseSchema(backupSettingsSchema);

/** GET /api/backups: the restaurant's backups, newest first, and the automatic schedule. */
export const backupListSchema = z.object({
  backups: z.array(backupSchema),
  settings: backupSettingsSchema,
  /** When the next automatic backup is due (null with auto backup off). */
  nextAutoBackupAt: z.string().nullable(),
  /** The restaurant's time zone, for showing times as the restaurant lives them. */
  timezone: z.string(),
});

export type BackupList = z.infer<typeof backupListSchema>;

export const backupListResponseSchema = successResponseSchema(backupListSchema);

/** The Backup tab's exports: three CSVs and All (the complete ZIP). */
export const BACKUP_EXPORTS = ['orders', 'users', 'analytics', 'all'] as const;
export type BackupExport = (typeof BACKUP_EXPORTS)[number];

export const backupExportParamsSchema = z.object({
  kind: z.enum(BACKUP_EXPORTS, { error: 'Export must be orders, users, analytics or all' }),
});

/** The refusal while a backup made by hand is still being made. */
export const BACKUP_ALREADY_RUNNING = refusalsEn.BACKUP_ALREADY_RUNNING;
