import { randomUUID } from 'node:crypto';
import {
  DEFAULT_DISCOUNT_REASONS,
  planById,
  pricesIncludeTaxByDefault,
  reservedLookAlike,
  slugFromName,
  type PlanId,
  type RestaurantCreateInput,
  type SignupInput,
  type Tenant,
} from '@tavola/contract';
import { eq, sql } from 'drizzle-orm';
import { platformActor, systemActor, type TeamMember } from '../../core/auth/actors.js';
import { hashPassword } from '../../core/auth/password.js';
import { writeBuiltInStations } from '../../core/db/built-in-stations.js';
import type { DbOrTx } from '../../core/db/client.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { discountReasons, menuItems, restaurants, users } from '../../core/db/schema.js';
import { runWork, type UnitOfWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse, type AppError } from '../../core/http/errors.js';
import {
  assertPasswordAllowed,
  assertUsernameAvailable,
  usernameUnavailableError,
} from '../../modules/auth/index.js';
import { currentReservedNames, currentTrialDays } from '../settings/index.js';
import { getTenant } from './queries.js';
import { SAMPLE_MENU } from './sample-menu.js';

/** The time zone a restaurant gets when its owner's device does not say. */
const DEFAULT_TIMEZONE = 'Europe/Rome';

/** A percentage with at most two decimals, as basis points (8.25 → 825). */
const toBasisPoints = (percent: number) => Math.round(percent * 100);

/** The canonical spelling of an IANA zone the contract has already accepted (europe/rome → Europe/Rome). */
const canonicalZone = (zone: string) =>
  new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;

export const usernameTaken = (username: string) => refuse('USERNAME_TAKEN', { username });

export const slugTaken = (slug: string) => refuse('RESTAURANT_SLUG_TAKEN', { slug });

/** The unique index a violation names (the drivers put it on the error or its cause). */
function violatedConstraint(error: unknown): string {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && message.includes('_unique')) return message;
  }
  return '';
}

/** Refuses a username or slug already in use, before the slow password hash is computed. */
async function assertFree(db: DbOrTx, username: string, slug: string): Promise<void> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1);
  if (user) throw usernameTaken(username);
  await assertSlugFree(db, slug);
}

async function assertSlugFree(db: DbOrTx, slug: string): Promise<void> {
  const [restaurant] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.slug, slug))
    .limit(1);
  if (restaurant) throw slugTaken(slug);
}

interface NewRestaurant {
  name: string;
  slug: string;
  plan: PlanId;
  currency: 'eur' | 'usd';
  timezone: string;
  /** Left out: 0 %, 0 %, and prices including tax by the currency's custom. */
  tax?: { taxRateBps: number; serviceChargeBps: number; pricesIncludeTax: boolean };
  admin: { name: string; username: string; passwordHash: string; email?: string | undefined };
  /** The refusal when the username was taken meanwhile (the team's words by default). */
  usernameRefusal?: (tx: DbOrTx) => Promise<AppError>;
}

/**
 * Writes a restaurant and its first administrator in the unit's transaction. A trial plan
 * starts its trial now (as long as the team's Settings say); a paid plan starts active. A username or slug
 * taken meanwhile by a parallel request is refused with the same 409 as the check before.
 */
async function insertRestaurant(uow: UnitOfWork, r: NewRestaurant): Promise<{ adminId: string }> {
  const plan = planById(r.plan);
  const trialEndsAt =
    plan.period === 'trial'
      ? new Date(Date.now() + (await currentTrialDays(uow.tx)) * 86_400_000)
      : null;
  try {
    // A savepoint, so a unique violation leaves the transaction usable for the 409.
    return await uow.tx.transaction(async (tx) => {
      await tx.insert(restaurants).values({
        id: uow.restaurantId,
        name: r.name,
        slug: r.slug,
        status: trialEndsAt ? 'trial' : 'active',
        plan: r.plan,
        currency: r.currency,
        // EUR menus include tax, USD menus add it; the admin can change it in System.
        pricesIncludeTax: pricesIncludeTaxByDefault(r.currency),
        ...r.tax,
        timezone: r.timezone,
        trialEndsAt,
      });
      await writeBuiltInStations(tx, uow.restaurantId);
      const [admin] = await tx
        .insert(users)
        .values({
          restaurantId: uow.restaurantId,
          name: r.admin.name,
          username: r.admin.username,
          passwordHash: r.admin.passwordHash,
          email: r.admin.email ?? null,
          role: 'admin',
        })
        .returning({ id: users.id });
      // The reasons a discount or comp may be given for, to start with.
      await tx
        .insert(discountReasons)
        .values(DEFAULT_DISCOUNT_REASONS.map((name) => ({ restaurantId: uow.restaurantId, name })));
      return { adminId: admin!.id };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    if (violatedConstraint(error).includes('slug')) throw slugTaken(r.slug);
    throw r.usernameRefusal ? await r.usernameRefusal(uow.tx) : usernameTaken(r.admin.username);
  }
}

/**
 * The team onboards a restaurant with its first admin. It starts empty but
 * working: the admin signs in, creates managers, who create staff, tables and the menu.
 */
export async function createRestaurant(
  ctx: WorkContext,
  member: TeamMember,
  input: RestaurantCreateInput,
): Promise<{ restaurant: Tenant; adminUsername: string }> {
  const slug = input.slug ?? slugFromName(input.name);
  await assertFree(ctx.db, input.admin.username, slug);
  // A new restaurant's policy is the default one.
  await assertPasswordAllowed(ctx.db, null, input.admin.password, input.admin.username);
  const passwordHash = await hashPassword(input.admin.password);
  const id = randomUUID();
  await runWork(ctx, platformActor(member, id), async (uow) => {
    const { adminId } = await insertRestaurant(uow, {
      name: input.name,
      slug,
      plan: input.plan,
      currency: input.currency,
      timezone: canonicalZone(input.timezone),
      admin: { name: input.admin.name, username: input.admin.username, passwordHash },
    });
    uow.audit({
      action: 'restaurant.created',
      entityType: 'restaurant',
      entityId: id,
      details: { name: input.name, slug, plan: input.plan, admin: input.admin.username },
    });
    uow.audit({
      action: 'staff.created',
      entityType: 'user',
      entityId: adminId,
      details: { username: input.admin.username, role: 'admin' },
    });
    uow.notifyTeam({
      type: 'restaurant_created',
      restaurantId: id,
      data: { restaurantId: id, name: input.name, plan: input.plan, by: member.user.name },
    });
  });
  return { restaurant: await getTenant(ctx.db, id), adminUsername: input.admin.username };
}

/**
 * An owner signs up for a free trial: a Starter Feast restaurant in its
 * trial, the owner as its admin, and (unless declined) a small sample menu to edit.
 */
export async function signUp(
  ctx: WorkContext,
  input: SignupInput,
): Promise<{ id: string; name: string; trialEndsAt: Date; ownerId: string }> {
  const slug = slugFromName(input.restaurantName);
  // Nobody may pass for the platform, its team or its demo (look-alike spellings included).
  const reserved = await currentReservedNames(ctx.db);
  if (reservedLookAlike(input.restaurantName, reserved) !== null) {
    throw refuse('RESTAURANT_NAME_RESERVED', { name: input.restaurantName.trim() });
  }
  const usernameRules = { restaurantSlug: slug, reserved };
  await assertUsernameAvailable(ctx.db, input.username, usernameRules);
  await assertSlugFree(ctx.db, slug);
  await assertPasswordAllowed(ctx.db, null, input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  const currency = input.currency ?? 'eur';
  // Nobody is signed in yet: the server acts for the new restaurant.
  const ownerId = await runWork(ctx, systemActor(id), async (uow) => {
    const { adminId } = await insertRestaurant(uow, {
      name: input.restaurantName,
      slug,
      plan: 'starter',
      currency,
      timezone: canonicalZone(input.timezone ?? DEFAULT_TIMEZONE),
      tax: {
        taxRateBps: toBasisPoints(input.taxRate ?? 0),
        serviceChargeBps: toBasisPoints(input.serviceCharge ?? 0),
        pricesIncludeTax: input.pricesIncludeTax ?? pricesIncludeTaxByDefault(currency),
      },
      admin: {
        name: input.ownerName,
        username: input.username,
        passwordHash,
        email: input.email,
      },
      usernameRefusal: (tx) => usernameUnavailableError(tx, input.username, usernameRules),
    });
    if (input.sampleMenu !== false) {
      await uow.tx
        .insert(menuItems)
        .values(
          SAMPLE_MENU.map((item, i) => ({ ...item, currency, restaurantId: id, sortOrder: i })),
        );
    }
    uow.audit({
      action: 'restaurant.signed_up',
      entityType: 'restaurant',
      entityId: id,
      details: {
        name: input.restaurantName,
        slug,
        plan: 'starter',
        owner: input.username,
        ownerId: adminId,
        sampleMenu: input.sampleMenu !== false,
        currency,
        timezone: canonicalZone(input.timezone ?? DEFAULT_TIMEZONE),
        taxRate: input.taxRate ?? 0,
        serviceCharge: input.serviceCharge ?? 0,
      },
    });
    uow.notifyTeam({
      type: 'restaurant_signed_up',
      restaurantId: id,
      data: {
        restaurantId: id,
        name: input.restaurantName,
        plan: 'starter',
        owner: input.ownerName,
      },
    });
    return adminId;
  });
  const [row] = await ctx.db
    .select({ trialEndsAt: restaurants.trialEndsAt })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  return { id, name: input.restaurantName, trialEndsAt: row!.trialEndsAt!, ownerId };
}
