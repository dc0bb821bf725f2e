import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_PAYLOAD_VERSION,
  WEBHOOK_ROLL_OVERLAP_DEFAULT_HOURS,
  WEBHOOK_TEST_EVENT_TYPE,
  type CreateWebhookInput,
  type UpdateWebhookInput,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@tavola/contract';
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { StaffActor } from '../../core/auth/actors.js';
import type { Db, DbOrTx } from '../../core/db/client.js';
import { webhookDeliveries, webhookEndpoints } from '../../core/db/schema.js';
import { runWork, type WorkContext } from '../../core/events/unit-of-work.js';
import { refuse } from '../../core/http/errors.js';
import { secretBoxFor } from '../../core/lib/secret-box.js';
import { isLoopbackHost, isPublicAddress } from '../../core/net/addresses.js';

/** What the webhook services need: the database, the bus and the configuration. */
export interface WebhookContext extends WorkContext {
  config: Config;
}

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export { isLoopbackHost };

/**
 * Refuses an address the server would never deliver to: anything but https (http to loopback
 * only where the configuration allows it), and an address written as a private IP. A name is
 * checked again on every delivery, where it is resolved (outbound-fetch).
 */
export function checkWebhookUrl(config: Config, text: string): string {
  const url = new URL(text);
  const loopbackAllowed = config.webhooks?.allowLoopbackHttp === true;
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopbackAllowed && loopback)) {
    throw refuse('WEBHOOK_URL_NOT_HTTPS');
  }
  if (url.username || url.password) throw refuse('WEBHOOK_URL_NOT_PUBLIC');
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host) && !isPublicAddress(host) && !(loopbackAllowed && loopback)) {
    throw refuse('WEBHOOK_URL_NOT_PUBLIC');
  }
  if (!isIP(host) && loopback && !loopbackAllowed) throw refuse('WEBHOOK_URL_NOT_PUBLIC');
  return url.toString();
}

function toEndpoint(row: EndpointRow, secretHint: string): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: row.eventTypes as WebhookEventType[],
    ordered: row.ordered,
    enabled: row.enabled,
    disabledReason: (row.disabledReason as 'manual' | 'failing' | null) ?? null,
    secretHint,
    previousSecretUntil: row.previousSecretUntil?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const hintOf = (secret: string) => `${secret.slice(0, 10)}…`;

function endpointView(config: Config, row: EndpointRow): WebhookEndpoint {
  return toEndpoint(row, hintOf(secretBoxFor(config).open(row.secretEncrypted)));
}

export function toDelivery(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    responseStatus: row.responseStatus,
    latencyMs: row.latencyMs,
    responseBody: row.responseBody,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

async function endpointRow(
  db: DbOrTx,
  restaurantId: string,
  id: string,
  lock = false,
): Promise<EndpointRow> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.restaurantId, restaurantId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw refuse('WEBHOOK_NOT_FOUND');
  return row;
}

export async function listWebhooks(
  ctx: WebhookContext,
  restaurantId: string,
): Promise<WebhookEndpoint[]> {
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.restaurantId, restaurantId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return rows.map((r) => endpointView(ctx.config, r));
}

export async function createWebhook(
  ctx: WebhookContext,
  actor: StaffActor,
  input: CreateWebhookInput,
): Promise<WebhookEndpointWithSecret> {
  const url = checkWebhookUrl(ctx.config, input.url);
  const secret = newWebhookSecret();
  return runWork(ctx, actor, async (uow) => {
    const [{ n } = { n: 0 }] = await uow.tx
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.restaurantId, actor.restaurantId));
    if (n >= WEBHOOK_ENDPOINTS_MAX)
      throw refuse('WEBHOOK_LIMIT_REACHED', { max: WEBHOOK_ENDPOINTS_MAX });
    const [row] = await uow.tx
      .insert(webhookEndpoints)
      .values({
        restaurantId: actor.restaurantId,
        url,
        description: input.description ?? '',
        eventTypes: [...(input.eventTypes ?? [])],
        ordered: input.ordered ?? false,
        secretEncrypted: secretBoxFor(ctx.config).seal(secret),
        createdBy: actor.user.id,
      })
      .returning();
    uow.audit({
      action: 'webhook.created',
      entityType: 'webhook_endpoint',
      entityId: row!.id,
      details: { url, eventTypes: row!.eventTypes, ordered: row!.ordered },
    });
    return { ...toEndpoint(row!, hintOf(secret)), secret };
  });
}

export async function updateWebhook(
  ctx: WebhookContext,
  actor: StaffActor,
  id: string,
  input: UpdateWebhookInput,
): Promise<WebhookEndpoint> {
  const url = input.url === undefined ? undefined : checkWebhookUrl(ctx.config, input.url);
  const row = await runWork(ctx, actor, async (uow) => {
    const before = await endpointRow(uow.tx, actor.restaurantId, id, true);
    const enabled = input.enabled ?? before.enabled;
    const [row] = await uow.tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.eventTypes !== undefined ? { eventTypes: [...input.eventTypes] } : {}),
        ...(input.ordered !== undefined ? { ordered: input.ordered } : {}),
        enabled,
        disabledReason: enabled ? null : before.enabled ? 'manual' : before.disabledReason,
        // Turned on again: its failures so far no longer count towards turning it off.
        ...(enabled && !before.enabled ? { failingSince: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    uow.audit({
      action: before.enabled && !enabled ? 'webhook.disabled' : 'webhook.updated',
      entityType: 'webhook_endpoint',
      entityId: id,
      details: { url: row!.url, changes: Object.keys(input) },
    });
    return row!;
  });
  return endpointView(ctx.config, row);
}

export async function deleteWebhook(
  ctx: WebhookContext,
  actor: StaffActor,
  id: string,
): Promise<{ id: string }> {
  await runWork(ctx, actor, async (uow) => {
    const row = await endpointRow(uow.tx, actor.restaurantId, id, true);
    await uow.tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    uow.audit({
      action: 'webhook.deleted',
      entityType: 'webhook_endpoint',
      entityId: id,
      details: { url: row.url },
    });
  });
  return { id };
}

/**
 * A new secret for an endpoint, answered once. The old one keeps signing beside it for
 * `overlapHours` (every delivery then carries both signatures), so a receiver can switch
 * without missing a delivery.
 */
export async function rollWebhookSecret(
  ctx: WebhookContext,
  actor: StaffActor,
  id: string,
  overlapHours = WEBHOOK_ROLL_OVERLAP_DEFAULT_HOURS,
): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const row = await runWork(ctx, actor, async (uow) => {
    const before = await endpointRow(uow.tx, actor.restaurantId, id, true);
    const until = overlapHours > 0 ? new Date(Date.now() + overlapHours * 3600_000) : null;
    const [row] = await uow.tx
      .update(webhookEndpoints)
      .set({
        secretEncrypted: secretBoxFor(ctx.config).seal(secret),
        previousSecretEncrypted: until ? before.secretEncrypted : null,
        previousSecretUntil: until,
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    uow.audit({
      action: 'webhook.secret_rolled',
      entityType: 'webhook_endpoint',
      entityId: id,
      details: { url: before.url, overlapHours },
    });
    return row!;
  });
  return { ...toEndpoint(row, hintOf(secret)), secret };
}

/** The secrets that sign a delivery now: the current one, and the rolled one in its overlap. */
export function signingSecrets(config: Config, row: EndpointRow, now: Date): string[] {
  const box = secretBoxFor(config);
  const secrets = [box.open(row.secretEncrypted)];
  if (row.previousSecretEncrypted && row.previousSecretUntil && row.previousSecretUntil > now) {
    secrets.push(box.open(row.previousSecretEncrypted));
  }
  return secrets;
}

export async function listDeliveries(
  db: Db,
  restaurantId: string,
  endpointId: string,
  query: { status?: WebhookDeliveryStatus | undefined; limit: number },
): Promise<WebhookDelivery[]> {
  await endpointRow(db, restaurantId, endpointId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpointId),
        query.status ? eq(webhookDeliveries.status, query.status) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.eventSeq))
    .limit(query.limit);
  return rows.map(toDelivery);
}

const again = {
  status: 'pending',
  attempts: 0,
  nextAttemptAt: new Date(0),
  lockedUntil: null,
} as const;

/** Sends one delivery again from the start of the retry schedule, with its same webhook-id. */
export async function redeliver(
  ctx: WebhookContext,
  actor: StaffActor,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  return runWork(ctx, actor, async (uow) => {
    await endpointRow(uow.tx, actor.restaurantId, endpointId);
    const [row] = await uow.tx
      .update(webhookDeliveries)
      .set({ ...again, nextAttemptAt: new Date() })
      .where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
      )
      .returning();
    if (!row) throw refuse('WEBHOOK_DELIVERY_NOT_FOUND');
    uow.audit({
      action: 'webhook.redelivered',
      entityType: 'webhook_endpoint',
      entityId: endpointId,
      details: { deliveryId, messageId: row.messageId },
    });
    return toDelivery(row);
  });
}

/** Sends again every delivery an endpoint was given in `[since, until)`; answers how many. */
export async function redeliverRange(
  ctx: WebhookContext,
  actor: StaffActor,
  endpointId: string,
  range: { since: string; until: string },
): Promise<{ count: number }> {
  return runWork(ctx, actor, async (uow) => {
    await endpointRow(uow.tx, actor.restaurantId, endpointId);
    const rows = await uow.tx
      .update(webhookDeliveries)
      .set({ ...again, nextAttemptAt: new Date() })
      .where(
        and(
          eq(webhookDeliveries.endpointId, endpointId),
          gte(webhookDeliveries.createdAt, new Date(range.since)),
          lt(webhookDeliveries.createdAt, new Date(range.until)),
        ),
      )
      .returning({ id: webhookDeliveries.id });
    uow.audit({
      action: 'webhook.redelivered',
      entityType: 'webhook_endpoint',
      entityId: endpointId,
      details: { since: range.since, until: range.until, count: rows.length },
    });
    return { count: rows.length };
  });
}

/** Queues a `webhook.test` delivery for the endpoint (whatever its filters); the caller sends it. */
export async function queueTestDelivery(
  ctx: WebhookContext,
  actor: StaffActor,
  endpointId: string,
): Promise<string> {
  const endpoint = await endpointRow(ctx.db, actor.restaurantId, endpointId);
  const [row] = await ctx.db
    .insert(webhookDeliveries)
    .values({
      restaurantId: actor.restaurantId,
      endpointId: endpoint.id,
      messageId: `msg_test_${randomBytes(12).toString('hex')}`,
      eventSeq: null,
      eventType: WEBHOOK_TEST_EVENT_TYPE,
      payload: {
        type: WEBHOOK_TEST_EVENT_TYPE,
        version: WEBHOOK_PAYLOAD_VERSION,
        timestamp: new Date().toISOString(),
        restaurantId: actor.restaurantId,
        data: { message: 'A test event from Tavola' },
      },
      nextAttemptAt: new Date(),
    })
    .returning({ id: webhookDeliveries.id });
  return row!.id;
}

export async function deliveryView(
  db: Db,
  restaurantId: string,
  id: string,
): Promise<WebhookDelivery> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.restaurantId, restaurantId)));
  if (!row) throw refuse('WEBHOOK_DELIVERY_NOT_FOUND');
  return toDelivery(row);
}
