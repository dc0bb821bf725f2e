import {
  WEBHOOK_DELIVERY_KEEP_DAYS,
  WEBHOOK_DISABLE_AFTER_HOURS,
  WEBHOOK_RESPONSE_KEEP_BYTES,
  WEBHOOK_RETRY_DELAYS_SECONDS,
  WEBHOOK_SOURCE_EVENTS,
  toWebhookPayload,
} from '@tavola/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { systemActor } from '../../core/auth/actors.js';
import { restaurantFlag } from '../../core/cache/restaurant-flag.js';
import { webhookDeliveries, webhookEndpoints } from '../../core/db/schema.js';
import { defineConsumer } from '../../core/events/consumers.js';
import { runWork } from '../../core/events/unit-of-work.js';
import { anyPendingDue } from '../../core/jobs/due.js';
import { defineJob } from '../../core/jobs/runner.js';
import { outboundFetch, OutboundError } from '../../core/net/outbound-fetch.js';
import { isLoopbackHost, signingSecrets, type WebhookContext } from './webhooks.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How long one attempt may take, answer included. */
const ATTEMPT_TIMEOUT_MS = 15_000;
/** How much of an answer is read at all (the log keeps the first bytes). */
const ANSWER_MAX_BYTES = 64 * 1024;
/** How long a claimed delivery stays claimed (longer than its attempt can wait and take). */
const CLAIM_SECONDS = 60;
/** Deliveries claimed by one statement, every endpoint together. */
const CLAIM_BATCH = 200;
/** Of those, at most this many for one endpoint (so one endpoint cannot fill a round). */
const CLAIM_PER_ENDPOINT = 20;
/** Attempts in flight at once in one run (on one instance, the deliverer's), all endpoints. */
const MAX_IN_FLIGHT = 64;
/** Attempts in flight at once to one endpoint that does not ask for order (one if it does). */
const PER_ENDPOINT_IN_FLIGHT = 10;
/**
 * How long a round waits for its slowest attempts before it records what is done and claims
 * the next round: a slow receiver (up to the attempt's timeout) does not hold up the others.
 */
const ROUND_WAIT_MS = 1_000;

/** Offered every few seconds: sends what is due (retries, and whatever a crash left). */
export const deliverDueJob = defineJob<Record<string, never>>('webhooks.deliver-due', {
  retryLimit: 0,
  expireInSeconds: 15 * 60,
});
export const DELIVER_DUE_EVERY_SECONDS = 5;

/**
 * Whether any delivery is waiting and due (an index read), so an idle server does not offer the
 * deliver-due job every few seconds. A due delivery of a turned-off endpoint counts: the job
 * then runs and finds nothing to claim, as it did before.
 */
export function anyDeliveryDue(ctx: Pick<WebhookContext, 'db'>): Promise<boolean> {
  return anyPendingDue(ctx.db, webhookDeliveries);
}

/** Offered hourly: deletes finished deliveries older than the log keeps them. */
export const pruneDeliveriesJob = defineJob<Record<string, never>>('webhooks.prune', {
  retryLimit: 1,
  expireInSeconds: 30 * 60,
});
export const PRUNE_DELIVERIES_EVERY_SECONDS = 3600;

/**
 * Deletes deliveries that finished (succeeded, or failed after their last retry) more than
 * `keepDays` before `now`; a pending one stays whatever its age. How many rows went.
 */
export async function pruneDeliveries(
  ctx: Pick<WebhookContext, 'db'>,
  keepDays: number = WEBHOOK_DELIVERY_KEEP_DAYS,
  now: Date = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000).toISOString();
  const deleted = await ctx.db
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['succeeded', 'failed']),
        sql`coalesce(${webhookDeliveries.lastAttemptAt}, ${webhookDeliveries.createdAt}) < ${cutoff}::timestamptz`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return deleted.length;
}

/** Whether a restaurant has any webhook endpoint, enabled or not (on or off, it is the same). */
export function hasWebhookEndpoints(ctx: Pick<WebhookContext, 'db' | 'bus'>) {
  return restaurantFlag(ctx.bus, 'webhook-restaurants', {
    events: ['webhook_endpoint_disabled', 'backup_updated'],
    actions: /^(webhook|backup|restaurant)\./,
    load: async (restaurantId) => {
      const [row] = await ctx.db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.restaurantId, restaurantId))
        .limit(1);
      return row !== undefined;
    },
  });
}

/**
 * Turns internal events into deliveries: one row per event and subscribed endpoint, keyed by
 * the event's id (so a repeated batch adds nothing), then asks the deliverer to send them.
 */
export function webhookFanout(ctx: WebhookContext, deliverer: Deliverer) {
  return defineConsumer('webhooks.fanout', {
    types: WEBHOOK_SOURCE_EVENTS,
    // A restaurant with no endpoint at all (enabled or not) costs nothing per commit: the tick
    // moves its cursor, and a new endpoint skips what came before it (below).
    wanted: hasWebhookEndpoints(ctx),
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
 * Claims due deliveries in one statement: pending, due by `now`, of an enabled endpoint, not
 * claimed by another run, of no endpoint in `busy` (this run has all it may send to it), at most
 * `CLAIM_PER_ENDPOINT` of one endpoint; of an endpoint that asks for order, only its earliest
 * pending event (the rest wait). The claim's own conditions are checked again on the locked row,
 * so two instances never claim the same attempt.
 */
async function claimDue(
  ctx: WebhookContext,
  now: Date,
  busy: ReadonlySet<string>,
): Promise<DeliveryRow[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_SECONDS * 1000);
  const notBusy = busy.size
    ? sql`and d.endpoint_id not in (${sql.join(
        [...busy].map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const candidates = sql`select c.id from (
      select d.id, d.next_attempt_at, d.event_seq, row_number() over (
        partition by d.endpoint_id order by d.next_attempt_at, d.event_seq) as n
      from ${webhookDeliveries} d
      join ${webhookEndpoints} e on e.id = d.endpoint_id
      where d.status = 'pending' and e.enabled ${notBusy}
        and d.next_attempt_at <= ${at}::timestamptz
        and (d.locked_until is null or d.locked_until < ${at}::timestamptz)
        and (not e.ordered or d.event_seq is null or not exists (
          select 1 from ${webhookDeliveries} p
          where p.endpoint_id = d.endpoint_id and p.status = 'pending'
            and p.event_seq is not null and p.event_seq < d.event_seq))
    ) c
    where c.n <= ${CLAIM_PER_ENDPOINT}
    order by c.next_attempt_at, c.event_seq
    limit ${CLAIM_BATCH}`;
  const due = sql`select l.id from ${webhookDeliveries} l
    where l.id in (${candidates}) and l.status = 'pending'
      and (l.locked_until is null or l.locked_until < ${at}::timestamptz)
    for update skip locked`;
  return ctx.db
    .update(webhookDeliveries)
    .set({ lockedUntil: until })
    .where(sql`${webhookDeliveries.id} in (${due})`)
    .returning();
}

/** At most `max` of the functions it is given run at once; the others wait their turn. */
function limiter(max: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (active < max) active++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await fn();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

/** What one attempt came to, for the one statement that records a round's attempts. */
interface Attempted {
  delivery: DeliveryRow;
  outcome: Outcome;
}

/**
 * Sends every delivery due by `now` (by the moment of each claim when `now` is left out), round
 * after round until none is left, and resolves once every attempt is recorded; how many it
 * tried. A round claims a batch, sends each endpoint's share at once (one after another, in
 * order, to an endpoint that asks for order), never more than `MAX_IN_FLIGHT` together, and
 * records the outcomes in one statement.
 */
export async function deliverDue(ctx: WebhookContext, now?: Date): Promise<number> {
  const slot = limiter(MAX_IN_FLIGHT);
  const endpointSlots = new Map<string, ReturnType<typeof limiter>>();
  /** Per endpoint: claimed and not yet answered. One with a full share is not claimed for. */
  const outstanding = new Map<string, { count: number; share: number }>();
  const stragglers = new Set<Promise<void>>();
  let lateError: unknown = null;
  let tried = 0;
  for (;;) {
    const at = now ?? new Date();
    const busy = new Set(
      [...outstanding].filter(([, o]) => o.count >= o.share).map(([endpointId]) => endpointId),
    );
    const claimed = await claimDue(ctx, at, busy);
    if (claimed.length === 0) {
      if (stragglers.size === 0) {
        if (lateError) throw lateError;
        return tried;
      }
      // What they record may let an ordered endpoint's next event go: look again after.
      await Promise.all([...stragglers]);
      continue;
    }
    tried += claimed.length;
    const ids = [...new Set(claimed.map((d) => d.endpointId))];
    const endpoints = new Map(
      (await ctx.db.select().from(webhookEndpoints).where(inArray(webhookEndpoints.id, ids))).map(
        (e) => [e.id, e],
      ),
    );
    // Turned off (or deleted) since the claim: its deliveries wait, unclaimed.
    const off = claimed.filter((d) => !endpoints.get(d.endpointId)?.enabled).map((d) => d.id);
    if (off.length > 0) {
      await ctx.db
        .update(webhookDeliveries)
        .set({ lockedUntil: null })
        .where(inArray(webhookDeliveries.id, off));
    }
    const done: Attempted[] = [];
    const going = ids
      .filter((id) => endpoints.get(id)?.enabled)
      .map((endpointId) => {
        const endpoint = endpoints.get(endpointId)!;
        const deliveries = claimed
          .filter((d) => d.endpointId === endpointId)
          .sort((a, b) => (a.eventSeq ?? 0) - (b.eventSeq ?? 0));
        const share = endpoint.ordered ? 1 : PER_ENDPOINT_IN_FLIGHT;
        const mine = outstanding.get(endpointId) ?? { count: 0, share };
        mine.count += deliveries.length;
        outstanding.set(endpointId, mine);
        let perEndpoint = endpointSlots.get(endpointId);
        if (!perEndpoint) {
          perEndpoint = limiter(share);
          endpointSlots.set(endpointId, perEndpoint);
        }
        return Promise.all(
          deliveries.map((delivery) =>
            perEndpoint(() =>
              slot(async () => {
                done.push({ delivery, outcome: await send(ctx, endpoint, delivery) });
                if (--mine.count <= 0) outstanding.delete(endpointId);
              }),
            ),
          ),
        );
      });
    const all = Promise.all(going);
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      all.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ROUND_WAIT_MS))),
    ]);
    clearTimeout(timer);
    await record(ctx, done.splice(0), at);
    if (!finished) {
      // The slow ones are recorded together when they are all done; the next round goes on.
      const late: Promise<void> = all
        .then(() => record(ctx, done.splice(0), at))
        .catch((err: unknown) => void (lateError ??= err))
        .finally(() => stragglers.delete(late));
      stragglers.add(late);
    }
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

/** When an attempt that failed is tried again, or null: it was the last try. */
function retryAt(attempts: number, now: Date): Date | null {
  const delay = WEBHOOK_RETRY_DELAYS_SECONDS[attempts - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay * 1000);
}

/**
 * Records attempts in one statement (status, the log's fields, the next try; the claim let go),
 * then settles each endpoint's failing streak: a success ends it, a failure starts it (a round
 * with both starts a new one), and a streak a day long turns the endpoint off.
 */
async function record(
  ctx: WebhookContext,
  attempted: readonly Attempted[],
  now: Date,
): Promise<void> {
  if (attempted.length === 0) return;
  const rows = attempted.map(({ delivery, outcome }) => {
    const attempts = delivery.attempts + 1;
    const next = outcome.ok ? null : retryAt(attempts, now);
    return {
      id: delivery.id,
      status: outcome.ok ? 'succeeded' : next ? 'pending' : 'failed',
      attempts,
      next_attempt_at: next?.toISOString() ?? null,
      last_attempt_at: new Date().toISOString(),
      response_status: outcome.responseStatus,
      latency_ms: outcome.latencyMs,
      // Text in PostgreSQL holds no NUL character; an answer may.
      response_body: outcome.responseBody?.replaceAll('\u0000', '') ?? null,
      error: outcome.error,
    };
  });
  await ctx.db.execute(sql`update ${webhookDeliveries} d set
      status = o.status, attempts = o.attempts, next_attempt_at = o.next_attempt_at,
      locked_until = null, last_attempt_at = o.last_attempt_at,
      response_status = o.response_status, latency_ms = o.latency_ms,
      response_body = o.response_body, error = o.error
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as o(id uuid, status text, attempts integer, next_attempt_at timestamptz,
        last_attempt_at timestamptz, response_status integer, latency_ms integer,
        response_body text, error text)
    where d.id = o.id`);
  const succeeded = new Set<string>();
  const failing = new Set<string>();
  for (const { delivery, outcome } of attempted) {
    (outcome.ok ? succeeded : failing).add(delivery.endpointId);
  }
  const recovered = [...succeeded].filter((id) => !failing.has(id));
  if (recovered.length > 0) {
    await ctx.db
      .update(webhookEndpoints)
      .set({ failingSince: null })
      .where(
        and(
          inArray(webhookEndpoints.id, recovered),
          sql`${webhookEndpoints.failingSince} is not null`,
        ),
      );
  }
  if (failing.size > 0) {
    const restarted = [...failing].filter((id) => succeeded.has(id));
    const since = sql`${now.toISOString()}::timestamptz`;
    const rows = await ctx.db
      .update(webhookEndpoints)
      .set({
        failingSince: restarted.length
          ? sql`case when ${inArray(webhookEndpoints.id, restarted)} then ${since}
              else coalesce(${webhookEndpoints.failingSince}, ${since}) end`
          : sql`coalesce(${webhookEndpoints.failingSince}, ${since})`,
      })
      .where(inArray(webhookEndpoints.id, [...failing]))
      .returning();
    for (const row of rows) await disableIfFailingADay(ctx, row, now);
  }
}

/**
 * Turns off an endpoint whose failing streak is a day long, with an audit entry and a notice to
 * admins and managers.
 */
async function disableIfFailingADay(ctx: WebhookContext, row: EndpointRow, now: Date) {
  if (!row.failingSince || !row.enabled) return;
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
 * Runs `deliverDue` in the background on this instance when asked (`kick`: the fan-out, right
 * after it queued deliveries, and the periodic job), never two at once; a kick during a run asks
 * for one more run after it. `idle` waits for the runs asked for.
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
  if (!endpoint) return;
  const outcome = await send(ctx, endpoint, claimed);
  await record(ctx, [{ delivery: claimed, outcome }], now);
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
