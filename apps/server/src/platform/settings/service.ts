import {
  type PlatformSettings,
  type PlatformSettingsUpdate,
  type platformSettingsUpdateSchema,
} from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { TeamMember } from '../../core/auth/actors.js';
import { platformSettings, users } from '../../core/db/schema.js';
import { runPlatformWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { platformSettingsView, readPlatformSettings, type PlatformSettingsRow } from './store.js';

type Update = z.output<typeof platformSettingsUpdateSchema>;

const FIELDS = [
  'brandName',
  'primaryColor',
  'logoUrl',
  'trialDays',
  'trialTables',
  'trialStaff',
  'notificationsEnabled',
  'maintenanceMode',
  'requireTeamTwoFactor',
  'dailyEmailLimit',
  'trialDailyEmailLimit',
  'reservedNames',
] as const satisfies readonly (keyof PlatformSettingsUpdate & keyof PlatformSettingsRow)[];

/** Equal values, lists compared by their items. */
const same = (a: unknown, b: unknown) =>
  Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;

/**
 * The team saves the platform's settings. What the request leaves out stays;
 * the row is locked while it changes, so two team members saving at once are applied one after
 * the other. Audited (from, to) with no restaurant; the team hears it, and every instance drops
 * its cached brand and maintenance state through that platform event.
 */
export async function updatePlatformSettings(
  ctx: WorkContext,
  member: TeamMember,
  input: Update,
): Promise<PlatformSettings> {
  await runPlatformWork(ctx, member, async (uow) => {
    // The row exists from the first save on; created here (defaults) if it does not yet.
    await uow.tx.insert(platformSettings).values({ id: 1 }).onConflictDoNothing();
    const before = await readPlatformSettingsForUpdate(uow.tx);
    const changes = Object.fromEntries(
      FIELDS.filter((f) => input[f] !== undefined && !same(input[f], before[f])).map((f) => [
        f,
        { from: before[f], to: input[f] },
      ]),
    );
    const changed = Object.keys(changes);
    if (changed.length === 0) return;
    if (input.requireTeamTwoFactor === true && !before.requireTeamTwoFactor) {
      const [self] = await uow.tx
        .select({ enabledAt: users.totpEnabledAt })
        .from(users)
        .where(eq(users.id, member.user.id));
      if (!self?.enabledAt) throw refuse('TEAM_TWO_FACTOR_SELF_FIRST');
    }
    await uow.tx.update(platformSettings).set({
      ...Object.fromEntries(changed.map((f) => [f, input[f as (typeof FIELDS)[number]]])),
      updatedAt: new Date(),
      updatedBy: member.user.id,
    });
    uow.audit({
      action: 'platform.settings',
      entityType: 'platform',
      entityId: 'settings',
      details: { changes },
    });
    uow.notifyTeam({
      type: 'platform_settings_updated',
      restaurantId: null,
      data: { changed, by: member.user.name },
    });
  });
  return platformSettingsView(ctx.db);
}

async function readPlatformSettingsForUpdate(
  tx: Parameters<typeof readPlatformSettings>[0],
): Promise<PlatformSettingsRow> {
  const [row] = await tx.select().from(platformSettings).for('update');
  return row ?? (await readPlatformSettings(tx));
}
