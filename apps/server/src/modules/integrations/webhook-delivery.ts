import {
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_RESPONSE_KEEP_BYTES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SOURCE_EVENTS,
  toWebhookPayload,
} from '@tavola/contract';
import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { systemActor } from '../../core/auth/actors.js';
import { webhookDeliveries, webhookEndpoints } from '../../core/db/schema.js';
import { defineConsumer } from '../../core/events/consumers.js';
import { runWork } from '../../core/events/unit-of-work.js';
import { defineJob } from '../../core/jobs/runner.js';
import { outboundFetch, OutboundError } from '../../core/net/outbound-fetch.js';
import { isLoopbackHost, signingSecrets, type WebhookContext } from './webhooks.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How long one attempt may take, answer included. */
const ATTEMPT_TIMEOUT_MS = 15_000;
/** How much of an answer is read at all (the log keeps the first bytes). */
const ANSWER_MAX_BYTES = 64 * 1024;
/** How long a claimed delivery stays claimed (longer than an attempt can take). */
const CLAIM_SECONDS = 60;
/** Deliveries claimed at once; each endpoint's are sent one after another. */
const CLAIM_BATCH = 50;

/** Offered every few seconds: sends what is due (retries, and whatever a crash left). */
export const deliverDueJob = defineJob<Record<string, never>>('webhooks.deliver-due', {
  retryLimit: 0,
  expireInSeconds: 15 * 60,
});
export const DELIVER_DUE_EVERY_SECONDS = 5;

/**
 * Turns internal events into deliveries: one row per event and subscribed endpoint, keyed by
 * the event's id (so a repeated batch adds nothing), then asks the deliverer to send them.
 */
export function webhookFanout(ctx: WebhookContext, deliverer: Deliverer) {
  return defineConsumer('webhooks.fanout', {
    types: WEBHOOK_SOURCE_EVENTS,
    async handle(batch, { restaurantId, db }) {
      const endpoints = await db
        .select()
        .from(webhookEndpoints)
        .where(
          and(eq(webhookEndpoints.restaurantId, restaurantId), eq(webhookEndpoints.enabled, true)),
        );
      if (endpoints.length === 0) return;
      const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
      for (const event of batch) {
        const payload = toWebhookPayload(event);
        if (!payload) continue;
        for (const endpoint of endpoints) {
          // An endpoint hears of what happened after it was registered, never before.
          if (endpoint.createdAt > new Date(event.timestamp)) continue;
          if (endpoint.eventTypes.length > 0 && !endpoint.eventTypes.includes(payload.type)) {
            continue;
          }
          rows.push({
            restaurantId,
            endpointId: endpoint.id,
            messageId: `evt_${event.id}`,
            eventSeq: event.seq,
            eventType: payload.type,
            payload,
            nextAttemptAt: new Date(),
          });
        }
      }
      if (rows.length === 0) return;
      await db.insert(webhookDeliveries).values(rows).onConflictDoNothing();
      deliverer.kick();
    },
  });
}

/**
 * Claims due deliveries: pending, due by `now`, of an enabled endpoint, not claimed by another
 * run; of an endpoint that asks for order, only its earliest pending event (the rest wait).
 */
async function claimDue(ctx: WebhookContext, now: Date): Promise<DeliveryRow[]> {
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const due = sql`select d.id from ${webhookDeliveries} d
    join ${webhookEndpoints} e on e.id = d.endpoint_id
    where d.status = 'pending' and e.enabled
      and d.next_attempt_at <= ${now.toISOString()}::timestamptz
      and (d.locked_until is null or d.locked_until < ${now.toISOString()}::timestamptz)
      and (not e.ordered or d.event_seq is null or not exists (
        select 1 from ${webhookDeliveries} p
        where p.endpoint_id = d.endpoint_id and p.status = 'pending'
          and p.event_seq is not null and p.event_seq < d.event_seq))
    order by d.next_attempt_at, d.event_seq
    limit ${CLAIM_BATCH}
    for update of d skip locked`;
  return ctx.db
    .update(webhookDeliveries)
    .set({ lockedUntil: until })
    .where(sql`${webhookDeliveries.id} in (${due})`)
    .returning();
}

/** Sends every delivery due by `now`, round after round until none is left; how many it tried. */
export async function deliverDue(ctx: WebhookContext, now: Date = new Date()): Promise<number> {
  let tried = 0;
  for (;;) {
    const claimed = await claimDue(ctx, now);
    if (claimed.length === 0) return tried;
    tried += claimed.length;
    const byEndpoint = new Map<string, DeliveryRow[]>();
    for (const d of claimed) {
      byEndpoint.set(d.endpointId, [...(byEndpoint.get(d.endpointId) ?? []), d]);
    }
    await Promise.all(
      [...byEndpoint.entries()].map(async ([endpointId, deliveries]) => {
        for (const delivery of deliveries.sort((a, b) => (a.eventSeq ?? 0) - (b.eventSeq ?? 0))) {
          // Read again each time: an earlier failure in this round may have turned it off.
          const [endpoint] = await ctx.db
            .select()
            .from(webhookEndpoints)
            .where(eq(webhookEndpoints.id, endpointId));
          if (!endpoint?.enabled) {
            await ctx.db
              .update(webhookDeliveries)
              .set({ lockedUntil: null })
              .where(eq(webhookDeliveries.id, delivery.id));
            continue;
          }
          await attempt(ctx, endpoint, delivery, now);
        }
      }),
    );
  }
}

interface Outcome {
  ok: boolean;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  latencyMs: number;
}

/** Signs and posts one delivery (Standard Webhooks), through the guarded outbound fetch. */
async function send(ctx: WebhookContext, endpoint: EndpointRow, delivery: DeliveryRow) {
  const body = JSON.stringify(delivery.payload);
  const at = new Date();
  // Every secret in force signs: during a roll's overlap the header carries two signatures.
  const signature = signingSecrets(ctx.config, endpoint, at)
    .map((secret) => new Webhook(secret).sign(delivery.messageId, at, body))
    .join(' ');
  const loopbackHttp =
    ctx.config.webhooks?.allowLoopbackHttp === true &&
    isLoopbackHost(new URL(endpoint.url).hostname);
  const started = performance.now();
  let outcome: Omit<Outcome, 'latencyMs'>;
  try {
    const response = await outboundFetch(
      {
        url: endpoint.url,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tavola-Webhooks/1',
          'webhook-id': delivery.messageId,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        maxBytes: ANSWER_MAX_BYTES,
        timeoutMs: ATTEMPT_TIMEOUT_MS,
        // A redirect is an answer like any other non-2xx: it is never followed.
        maxRedirects: 0,
        protocols: loopbackHttp ? ['https:', 'http:'] : ['https:'],
      },
      loopbackHttp ? { allowAddress: (address) => isLoopbackHost(address) } : {},
    );
    const ok = response.status >= 200 && response.status < 300;
    outcome = {
      ok,
      responseStatus: response.status,
      responseBody: response.body.subarray(0, WEBHOOK_RESPONSE_KEEP_BYTES).toString('utf8'),
      error: ok ? null : `Answered ${response.status}`,
    };
  } catch (err) {
    const message =
      err instanceof OutboundError
        ? `${err.reason}: ${err.message}`
        : err instanceof Error
          ? err.message
          : String(err);
    outcome = { ok: false, responseStatus: null, responseBody: null, error: message.slice(0, 500) };
  }
  return { ...outcome, latencyMs: Math.round(performance.now() - started) };
}

async function attempt(
  ctx: WebhookContext,
  endpoint: EndpointRow,
  delivery: DeliveryRow,
  now: Date,
): Promise<void> {
  const outcome = await send(ctx, endpoint, delivery);
  const attempts = delivery.attempts + 1;
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1];
  const status = outcome.ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending';
  await ctx.db
    .update(webhookDeliveries)
    .set({
      status,
      attempts,
      nextAttemptAt: status === 'pending' ? new Date(now.getTime() + (delay ?? 0) * 1000) : null,
      lockedUntil: null,
      lastAttemptAt: new Date(),
      responseStatus: outcome.responseStatus,
      latencyMs: outcome.latencyMs,
      responseBody: outcome.responseBody,
      error: outcome.error,
    })
    .where(eq(webhookDeliveries.id, delivery.id));
  if (outcome.ok) {
    if (endpoint.failingSince) {
      await ctx.db
        .update(webhookEndpoints)
        .set({ failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
    }
    return;
  }
  await failed(ctx, endpoint, now);
}

/**
 * Counts a failure against the endpoint: the first since a success starts its failing streak;
 * a streak a day long turns it off, with an audit entry and a notice to admins and managers.
 */
async function failed(ctx: WebhookContext, endpoint: EndpointRow, now: Date): Promise<void> {
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({
      failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(webhookEndpoints.id, endpoint.id))
    .returning();
  if (!row?.failingSince || !row.enabled) return;
  if (now.getTime() - row.failingSince.getTime() < WEBHOOK_DISABLE_AFTER_HOURS * 3600_000) return;
  await runWork(ctx, systemActor(row.restaurantId), async (uow) => {
    const [off] = await uow.tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failing', updatedAt: new Date() })
      .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.enabled, true)))
      .returning();
    // Another run turned it off first: one notice is enough.
    if (!off) return;
    const failingSince = row.failingSince!.toISOString();
    uow.audit({
      action: 'webhook.disabled',
      entityType: 'webhook_endpoint',
      entityId: row.id,
      details: { url: row.url, reason: 'failing', failingSince },
    });
    uow.emit({
      type: 'webhook_endpoint_disabled',
      data: { endpointId: row.id, url: row.url, failingSince },
    });
  });
}

/**
 * Runs `deliverDue` in the background on this instance when asked (`kick`), never two at once;
 * a kick during a run asks for one more run after it. `idle` waits for the runs asked for.
 */
export class Deliverer {
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly ctx: WebhookContext & { log: { warn: (o: object, m: string) => void } },
  ) {}

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await deliverDue(this.ctx);
        } catch (err) {
          this.ctx.log.warn({ err }, 'webhook delivery run failed; the next run retries');
        }
      } while (this.again);
    })().finally(() => (this.running = null));
  }

  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}

/**
 * Sends one delivery now, whatever its endpoint's state (the "send test event" button: it also
 * checks an endpoint that was turned off). Resolves once the attempt is recorded.
 */
export async function deliverOne(ctx: WebhookContext, deliveryId: string): Promise<void> {
  const now = new Date();
  const [claimed] = await ctx.db
    .update(webhookDeliveries)
    .set({ lockedUntil: new Date(now.getTime() + CLAIM_SECONDS * 1000) })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        sql`(${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} < now())`,
      ),
    )
    .returning();
  if (!claimed) return;
  const [endpoint] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, claimed.endpointId));
  if (endpoint) await attempt(ctx, endpoint, claimed, now);
}

const deliverers = new WeakMap<object, Deliverer>();

/** The deliverer of this context's database (one per app: routes and the consumer share it). */
export function delivererFor(
  ctx: WebhookContext & { log: { warn: (o: object, m: string) => void } },
): Deliverer {
  let deliverer = deliverers.get(ctx.db);
  if (!deliverer) {
    deliverer = new Deliverer(ctx);
    deliverers.set(ctx.db, deliverer);
  }
  return deliverer;
}
