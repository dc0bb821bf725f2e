import { z } from 'zod';
import { successResponseSchema } from '../common/envelope.js';
import { singleLine } from '../common/text.js';
import { refusalsEn } from '../i18n/catalogs/en.js';
import { RESERVED_NAMES_LIMITS } from './reserved-names.js';
import { planById } from './plans.js';
import { brandingSchema, brandNameSchema, logoUrlSchema, primaryColorSchema } from './branding.js';

/**
 * The platform's settings (the team's Settings tab): its white-label brand,
 * how long a new free trial lasts, whether the team's bell announces platform events, and
 * maintenance mode (guests cannot order anywhere; staff screens say so; the team still works).
 */

export const PLATFORM_TRIAL_DAYS = { min: 1, max: 90, default: 14 } as const;

const STARTER = planById('starter');

/** What a free trial may have; the Starter Feast plan's numbers by default. */
export const PLATFORM_TRIAL_LIMITS = {
  tables: { min: 1, max: 100, default: STARTER.includedTables, label: 'Trial tables' },
  staff: { min: 1, max: 50, default: STARTER.staffAccounts ?? 2, label: 'Trial staff accounts' },
} as const;

/**
 * Emails one restaurant may send a day (UTC): reports and recipients' confirmations together.
 * Trials have their own, smaller number: a free sign-up must not become a mail relay.
 */
export const PLATFORM_DAILY_EMAILS = { min: 0, max: 100_000, default: 300 } as const;

export const PLATFORM_TRIAL_DAILY_EMAILS = { min: 0, max: 100_000, default: 20 } as const;

/** What guests are told (and the order route answers, 409) while the platform is in maintenance. */
export const PLATFORM_MAINTENANCE_FOR_GUESTS = refusalsEn.PLATFORM_MAINTENANCE_FOR_GUESTS;

/** The banner on every staff screen while the platform is in maintenance. */
export const PLATFORM_MAINTENANCE_FOR_STAFF =
  'Platform maintenance: guests cannot place orders right now. Everything else keeps working.';

export const platformSettingsSchema = z.object({
  brandName: z.string().nullable(),
  primaryColor: z.string().nullable(),
  logoUrl: z.string().nullable(),
  trialDays: z.number().int(),
  /** Tables and staff accounts a restaurant on the free trial may have. */
  trialTables: z.number().int(),
  trialStaff: z.number().int(),
  notificationsEnabled: z.boolean(),
  maintenanceMode: z.boolean(),
  /** Every team account signs in with two-factor; one without it must set it up first. */
  requireTeamTwoFactor: z.boolean(),
  /** Emails a day per restaurant on a paid plan, and per restaurant on a trial. */
  dailyEmailLimit: z.number().int(),
  trialDailyEmailLimit: z.number().int(),
  /**
   * Names sign-ups and new staff accounts may not take, nor any look-alike of them; the brand's
   * name (with "support" and such) and the demo restaurant's are reserved besides.
   */
  reservedNames: z.array(z.string()),
  updatedAt: z.string().nullable(),
  /** The team member who saved them last. */
  updatedBy: z.string().nullable(),
});

export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const platformSettingsResponseSchema = successResponseSchema(platformSettingsSchema);

const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable());

const trialLimit = (what: keyof typeof PLATFORM_TRIAL_LIMITS) => {
  const { min, max, label } = PLATFORM_TRIAL_LIMITS[what];
  const range = `${label} must be between ${min} and ${max}`;
  return z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, range)
    .max(max, range);
};

const onOff = (label: string) => z.boolean({ error: `${label} must be true or false` });

const emailLimit = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(
      PLATFORM_DAILY_EMAILS.min,
      `${label} must be between ${PLATFORM_DAILY_EMAILS.min} and ${PLATFORM_DAILY_EMAILS.max}`,
    )
    .max(
      PLATFORM_DAILY_EMAILS.max,
      `${label} must be between ${PLATFORM_DAILY_EMAILS.min} and ${PLATFORM_DAILY_EMAILS.max}`,
    );

/** PUT /api/platform/settings: what is left out stays as it is; '' or null clears a brand part. */
export const platformSettingsUpdateSchema = z.object({
  brandName: clearable(brandNameSchema).optional(),
  primaryColor: clearable(primaryColorSchema).optional(),
  logoUrl: clearable(logoUrlSchema).optional(),
  trialDays: z
    .number({ error: 'Trial duration must be a number of days' })
    .int('Trial duration must be a whole number of days')
    .min(
      PLATFORM_TRIAL_DAYS.min,
      `Trial duration must be between ${PLATFORM_TRIAL_DAYS.min} and ${PLATFORM_TRIAL_DAYS.max} days`,
    )
    .max(
      PLATFORM_TRIAL_DAYS.max,
      `Trial duration must be between ${PLATFORM_TRIAL_DAYS.min} and ${PLATFORM_TRIAL_DAYS.max} days`,
    )
    .optional(),
  trialTables: trialLimit('tables').optional(),
  trialStaff: trialLimit('staff').optional(),
  notificationsEnabled: onOff('Notifications').optional(),
  maintenanceMode: onOff('Maintenance mode').optional(),
  requireTeamTwoFactor: onOff('Require two-factor sign-in').optional(),
  dailyEmailLimit: emailLimit('Daily emails per restaurant').optional(),
  trialDailyEmailLimit: emailLimit('Daily emails per trial restaurant').optional(),
  /** The whole list (null: back to the defaults). */
  reservedNames: z
    .array(
      z
        .string({ error: 'Each reserved name must be text' })
        .trim()
        .min(1, 'A reserved name cannot be empty')
        .max(
          RESERVED_NAMES_LIMITS.length,
          `A reserved name must be at most ${RESERVED_NAMES_LIMITS.length} characters`,
        )
        .check(singleLine('Reserved name')),
      { error: 'Reserved names must be a list of names' },
    )
    .max(RESERVED_NAMES_LIMITS.count, `At most ${RESERVED_NAMES_LIMITS.count} reserved names`)
    .nullable()
    .optional(),
});

export type PlatformSettingsUpdate = z.input<typeof platformSettingsUpdateSchema>;

/**
 * GET /api/public/platform (public, cached briefly): what every page may know of the platform:
 * its brand (landing and login pages) and whether it is in maintenance (staff banners).
 */
export const publicPlatformSchema = z.object({
  brand: brandingSchema,
  maintenanceMode: z.boolean(),
});

export type PublicPlatform = z.infer<typeof publicPlatformSchema>;

export const publicPlatformResponseSchema = successResponseSchema(publicPlatformSchema);

/**
 * GET /api/platform/deployment: what the deployment really has, in place of an "auto-scaling"
 * switch (scaling is the load balancer's and the orchestrator's work, not a setting here).
 */
export const deploymentInstanceSchema = z.object({
  id: z.string(),
  hostname: z.string(),
  pid: z.number().int(),
  startedAt: z.string(),
  /** When it last said it was alive (null for this instance without Redis). */
  lastSeenAt: z.string().nullable(),
});

export const deploymentSchema = z.object({
  /** The instance that answered. */
  instance: deploymentInstanceSchema.extend({
    uptimeSeconds: z.number().int(),
    nodeVersion: z.string(),
  }),
  /** How events reach the other instances: Redis pub/sub, or this process only. */
  fanOut: z.enum(['redis', 'in-process']),
  /** The instances alive now (those announcing themselves through Redis; this one alone without). */
  instances: z.array(deploymentInstanceSchema),
  database: z.object({
    kind: z.enum(['pglite', 'postgres']),
    version: z.string(),
  }),
  /** Background jobs: the pg-boss queue in the database, or run inline (queue off). */
  jobs: z.enum(['pg-boss', 'inline']),
});

export type Deployment = z.infer<typeof deploymentSchema>;

export const deploymentResponseSchema = successResponseSchema(deploymentSchema);
