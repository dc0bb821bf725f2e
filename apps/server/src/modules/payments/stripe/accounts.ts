import type { ConnectStripeInput, StripeConnection } from '@tavola/contract';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config.js';
import type { StaffActor } from '../../../core/auth/actors.js';
import type { DbOrTx } from '../../../core/db/client.js';
import { stripeAccounts } from '../../../core/db/schema.js';
import { runWork, type WorkContext } from '../../../core/events/unit-of-work.js';
import { secretBoxFor } from '../../../core/lib/secret-box.js';

/** The restaurant's Stripe keys, opened: for calling Stripe and checking its notifications only. */
export interface StripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/** `sk_test_…4242`: the key's kind and its last four, enough to recognise it. */
export function maskKey(key: string): string {
  const prefix = /^(?:(?:sk|rk|pk)_(?:test|live)_|whsec_)/.exec(key)?.[0] ?? '';
  return `${prefix}…${key.slice(-4)}`;
}

const WEBHOOK_PATH = '/api/payments/providers/stripe/callback';

function view(
  config: Config,
  row: typeof stripeAccounts.$inferSelect | undefined,
): StripeConnection {
  const webhookUrl = config.publicUrl
    ? new URL(WEBHOOK_PATH, config.publicUrl).toString()
    : WEBHOOK_PATH;
  if (!row) {
    return {
      connected: false,
      mode: null,
      secretKey: null,
      publishableKey: null,
      webhookSecret: null,
      webhookUrl,
      connectedAt: null,
    };
  }
  return {
    connected: true,
    mode: row.mode,
    secretKey: row.secretKeyHint,
    publishableKey: maskKey(row.publishableKey),
    webhookSecret: row.webhookSecretHint,
    webhookUrl,
    connectedAt: row.connectedAt.toISOString(),
  };
}

export async function stripeConnection(
  db: DbOrTx,
  config: Config,
  restaurantId: string,
): Promise<StripeConnection> {
  const [row] = await db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.restaurantId, restaurantId));
  return view(config, row);
}

/** The keys, or null when the restaurant has not connected Stripe. */
export async function stripeKeysOf(
  db: DbOrTx,
  config: Config,
  restaurantId: string,
): Promise<StripeKeys | null> {
  const [row] = await db
    .select()
    .from(stripeAccounts)
    .where(eq(stripeAccounts.restaurantId, restaurantId));
  if (!row) return null;
  const box = secretBoxFor(config);
  return {
    secretKey: box.open(row.secretKeyEncrypted),
    publishableKey: row.publishableKey,
    webhookSecret: box.open(row.webhookSecretEncrypted),
  };
}

/** Stores (or replaces) the keys, encrypted; the audit entry names them by their masks only. */
export function connectStripe(
  ctx: WorkContext & { config: Config },
  actor: StaffActor,
  input: ConnectStripeInput,
): Promise<StripeConnection> {
  return runWork(ctx, actor, async (uow) => {
    const box = secretBoxFor(ctx.config);
    const values = {
      secretKeyEncrypted: box.seal(input.secretKey),
      publishableKey: input.publishableKey,
      webhookSecretEncrypted: box.seal(input.webhookSecret),
      secretKeyHint: maskKey(input.secretKey),
      webhookSecretHint: maskKey(input.webhookSecret),
      mode: input.secretKey.includes('_live_') ? ('live' as const) : ('test' as const),
      connectedBy: actor.user.id,
      connectedAt: new Date(),
    };
    const [row] = await uow.tx
      .insert(stripeAccounts)
      .values({ restaurantId: uow.restaurantId, ...values })
      .onConflictDoUpdate({ target: stripeAccounts.restaurantId, set: values })
      .returning();
    uow.audit({
      action: 'stripe.connected',
      entityType: 'restaurant',
      entityId: uow.restaurantId,
      // The keys' last four only: enough to tell which keys, nothing to use.
      details: {
        mode: values.mode,
        secretKeyEnds: input.secretKey.slice(-4),
        publishableKeyEnds: input.publishableKey.slice(-4),
        webhookSecretEnds: input.webhookSecret.slice(-4),
      },
    });
    return view(ctx.config, row);
  });
}

export function disconnectStripe(
  ctx: WorkContext & { config: Config },
  actor: StaffActor,
): Promise<StripeConnection> {
  return runWork(ctx, actor, async (uow) => {
    const [gone] = await uow.tx
      .delete(stripeAccounts)
      .where(eq(stripeAccounts.restaurantId, uow.restaurantId))
      .returning();
    if (gone) {
      uow.audit({
        action: 'stripe.disconnected',
        entityType: 'restaurant',
        entityId: uow.restaurantId,
        details: { mode: gone.mode, secretKeyEnds: gone.secretKeyHint.slice(-4) },
      });
    }
    return view(ctx.config, undefined);
  });
}
