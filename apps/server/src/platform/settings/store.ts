import {
  PLATFORM_DAILY_EMAILS,
  PLATFORM_TRIAL_DAILY_EMAILS,
  PLATFORM_TRIAL_DAYS,
  PLATFORM_TRIAL_LIMITS,
  DEFAULT_RESERVED_NAMES,
  reservedNames,
  type Branding,
  type PlatformSettings,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../core/db/client.js';
import type { EventBus } from '../../core/events/bus.js';
import type { WorkContext } from '../../core/events/unit-of-work.js';
import { platformSettings, restaurants, users } from '../../core/db/schema.js';

export type PlatformSettingsRow = typeof platformSettings.$inferSelect;

/** The settings a platform that never saved any has. */
export const DEFAULT_PLATFORM_SETTINGS: PlatformSettingsRow = {
  id: 1,
  brandName: null,
  primaryColor: null,
  logoUrl: null,
  trialDays: PLATFORM_TRIAL_DAYS.default,
  trialTables: PLATFORM_TRIAL_LIMITS.tables.default,
  trialStaff: PLATFORM_TRIAL_LIMITS.staff.default,
  notificationsEnabled: true,
  maintenanceMode: false,
  requireTeamTwoFactor: false,
  dailyEmailLimit: PLATFORM_DAILY_EMAILS.default,
  trialDailyEmailLimit: PLATFORM_TRIAL_DAILY_EMAILS.default,
  reservedNames: null,
  updatedAt: null,
  updatedBy: null,
};

/** The platform's settings row (the defaults when none was ever saved). */
export async function readPlatformSettings(db: DbOrTx): Promise<PlatformSettingsRow> {
  const [row] = await db.select().from(platformSettings).where(eq(platformSettings.id, 1));
  return row ?? DEFAULT_PLATFORM_SETTINGS;
}

/** The platform's settings as the team's Settings tab shows them (with who saved them last). */
export async function platformSettingsView(db: DbOrTx): Promise<PlatformSettings> {
  const row = await readPlatformSettings(db);
  const [by] = row.updatedBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, row.updatedBy))
    : [];
  return {
    brandName: row.brandName,
    primaryColor: row.primaryColor,
    logoUrl: row.logoUrl,
    trialDays: row.trialDays,
    trialTables: row.trialTables,
    trialStaff: row.trialStaff,
    notificationsEnabled: row.notificationsEnabled,
    maintenanceMode: row.maintenanceMode,
    requireTeamTwoFactor: row.requireTeamTwoFactor,
    dailyEmailLimit: row.dailyEmailLimit,
    trialDailyEmailLimit: row.trialDailyEmailLimit,
    reservedNames: [...(row.reservedNames ?? DEFAULT_RESERVED_NAMES)],
    updatedAt: row.updatedAt?.toISOString() ?? null,
    updatedBy: by?.name ?? null,
  };
}

/** The platform's brand: the parts it has. */
export function platformBrand(row: PlatformSettingsRow): Branding {
  return {
    ...(row.brandName ? { brandName: row.brandName } : {}),
    ...(row.primaryColor ? { primaryColor: row.primaryColor } : {}),
    ...(row.logoUrl ? { logoUrl: row.logoUrl } : {}),
  };
}

/**
 * Every name a sign-up or a new staff account may not pass for: the team's list (or the
 * defaults), the brand's name with its role words, and the demo restaurant's name.
 */
export async function currentReservedNames(db: DbOrTx): Promise<string[]> {
  const row = await readPlatformSettings(db);
  const [demo] = await db
    .select({ name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.isDemo, true))
    .limit(1);
  return reservedNames({
    list: row.reservedNames ?? DEFAULT_RESERVED_NAMES,
    brandName: row.brandName,
    demoRestaurantName: demo?.name,
  });
}

/** How long a trial started now lasts, in days (the team's Settings; 14 by default). */
export async function currentTrialDays(db: DbOrTx): Promise<number> {
  return (await readPlatformSettings(db)).trialDays;
}

/**
 * The settings kept in memory for what every page asks (the brand, whether the platform is in
 * maintenance): dropped on every instance when the team saves them (the platform event
 * `platform_settings_updated` comes through the bus), and read again after a few seconds anyway,
 * so a lost message costs at most that long. Refusing orders never relies on it: the order route
 * reads the database.
 */
export class PlatformSettingsCache {
  private current: { value: Promise<PlatformSettingsRow>; expires: number } | null = null;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: DbOrTx,
    private readonly ttlMs = 10_000,
  ) {}

  get(): Promise<PlatformSettingsRow> {
    if (this.current && this.current.expires > Date.now()) return this.current.value;
    const value = readPlatformSettings(this.db);
    const entry = { value, expires: Date.now() + this.ttlMs };
    this.current = entry;
    // A failed read is not kept.
    value.catch(() => {
      if (this.current === entry) this.current = null;
    });
    return value;
  }

  invalidate(): void {
    this.current = null;
    for (const listener of this.listeners) listener();
  }

  /** Told when the settings changed (caches built on them, such as the guest menu, drop too). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

const caches = new WeakMap<EventBus, PlatformSettingsCache>();

/**
 * The one settings cache of a bus (one per app), shared by every area that shows the brand or the
 * maintenance. Subscribed for as long as the bus lives: closing the bus drops its listeners.
 */
export function platformSettingsCache(ctx: Pick<WorkContext, 'db' | 'bus'>): PlatformSettingsCache {
  const existing = caches.get(ctx.bus);
  if (existing) return existing;
  const cache = new PlatformSettingsCache(ctx.db);
  caches.set(ctx.bus, cache);
  ctx.bus.subscribePlatform((event) => {
    if (event.type === 'platform_settings_updated') cache.invalidate();
  });
  return cache;
}
