import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for Stripe's API, started by a test, for the real `stripe` client to talk to
 * (its host, port and protocol options, through STRIPE_API_BASE). It reads Stripe's requests as
 * Stripe does (form-encoded bodies, `metadata[key]` brackets, a Bearer secret key, the
 * Idempotency-Key header) and answers in Stripe's shapes (PaymentIntent, Refund, the error
 * envelope) for the endpoints Tavola uses: create, retrieve, confirm and cancel a PaymentIntent,
 * and create a refund. An idempotent POST repeated with its key is answered the first answer,
 * as Stripe does. It builds the events Stripe would send, signed as Stripe signs them.
 */

export interface SeenRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  form: Record<string, string>;
  status: number;
}

interface Intent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  latest_charge: string | null;
  last_payment_error: { code: string; message: string; type: string } | null;
  livemode: false;
  created: number;
  automatic_payment_methods: { enabled: boolean } | null;
  capture_method: 'automatic';
}

interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string | null;
  status: 'succeeded';
  metadata: Record<string, string>;
  created: number;
}

export interface FakeStripe {
  /** STRIPE_API_BASE for the server under test. */
  base: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  seen: SeenRequest[];
  intents: Map<string, Intent>;
  refunds: Refund[];
  /** The next `count` requests to `path` are answered 500 before anything is done. */
  failNext(path: string, count?: number): void;
  /** Confirms an intent as the guest's card form would: pm_card_visa succeeds, pm_card_chargeDeclined is declined. */
  confirm(intentId: string, paymentMethod: string): Promise<Intent>;
  /** The event Stripe sends about an intent, as raw bytes, and its Stripe-Signature header. */
  event(
    type: string,
    intent: Intent,
    options?: { secret?: string; timestamp?: number },
  ): {
    body: string;
    signature: string;
  };
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function error(status: number, type: string, message: string, extra: Record<string, unknown> = {}) {
  return { status, body: { error: { type, message, ...extra } } };
}

/** Stripe's form encoding: `metadata[key]=value` and `a[b]=c` kept as flat keys. */
function readForm(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

function metadataOf(form: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const m = /^metadata\[(.+)\]$/.exec(key);
    if (m) out[m[1]!] = value;
  }
  return out;
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const seen: SeenRequest[] = [];
  const intents = new Map<string, Intent>();
  const refunds: Refund[] = [];
  const failures = new Map<string, number>();
  const replays = new Map<string, { status: number; body: unknown }>();

  const confirmIntent = (intent: Intent, paymentMethod: string) => {
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      return error(
        400,
        'invalid_request_error',
        `This PaymentIntent's status is ${intent.status}`,
        {
          code: 'payment_intent_unexpected_state',
        },
      );
    }
    if (paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        code: 'card_declined',
        message: 'Your card was declined.',
        type: 'card_error',
      };
      return error(402, 'card_error', 'Your card was declined.', {
        code: 'card_declined',
        decline_code: 'generic_decline',
        payment_intent: intent,
      });
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    intent.latest_charge = id('ch');
    intent.last_payment_error = null;
    return { status: 200, body: intent };
  };

  const handle = (
    method: string,
    path: string,
    form: Record<string, string>,
  ): { status: number; body: unknown } => {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = Number(form.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return error(400, 'invalid_request_error', 'Amount must be at least 50 cents', {
          param: 'amount',
          code: 'amount_too_small',
        });
      }
      const intentId = id('pi');
      const intent: Intent = {
        id: intentId,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: form.currency ?? '',
        status: 'requires_payment_method',
        client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
        description: form.description ?? null,
        metadata: metadataOf(form),
        latest_charge: null,
        last_payment_error: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
        automatic_payment_methods:
          form['automatic_payment_methods[enabled]'] === 'true' ? { enabled: true } : null,
        capture_method: 'automatic',
      };
      intents.set(intentId, intent);
      return { status: 200, body: intent };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/.exec(path))) {
      const intent = intents.get(m[1]!);
      if (!intent) {
        return error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, {
          code: 'resource_missing',
        });
      }
      if (method === 'GET' && !m[2]) return { status: 200, body: intent };
      if (method === 'POST' && m[2] === '/confirm') {
        return confirmIntent(intent, form.payment_method ?? '');
      }
      if (method === 'POST' && m[2] === '/cancel') {
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          return error(
            400,
            'invalid_request_error',
            `This PaymentIntent's status is ${intent.status}`,
            {
              code: 'payment_intent_unexpected_state',
            },
          );
        }
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent || intent.status !== 'succeeded') {
        return error(400, 'invalid_request_error', 'This PaymentIntent has no successful charge', {
          code: 'charge_not_refundable',
        });
      }
      const given = refunds
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      const amount = form.amount ? Number(form.amount) : intent.amount_received - given;
      if (!(amount > 0) || amount > intent.amount_received - given) {
        return error(
          400,
          'invalid_request_error',
          'Refund amount is greater than unrefunded amount',
          {
            code: 'charge_exceeds_source_limit',
          },
        );
      }
      const refund: Refund = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: intent.id,
        charge: intent.latest_charge,
        status: 'succeeded',
        metadata: metadataOf(form),
        created: Math.floor(Date.now() / 1000),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path})`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const path = url.pathname;
      const method = req.method ?? 'GET';
      const form = readForm(
        method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
      );
      const key = req.headers['idempotency-key'] as string | undefined;
      const answer = (status: number, body: unknown) => {
        seen.push({ method, path, idempotencyKey: key, form, status });
        res.writeHead(status, {
          'content-type': 'application/json',
          'request-id': id('req'),
          ...(key ? { 'idempotency-key': key } : {}),
        });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        const denied = error(401, 'invalid_request_error', 'Invalid API Key provided');
        return answer(denied.status, denied.body);
      }
      const failing = failures.get(path) ?? 0;
      if (failing > 0) {
        failures.set(path, failing - 1);
        const broken = error(500, 'api_error', 'An unknown error occurred');
        return answer(broken.status, broken.body);
      }
      const replayKey = key ? `${method} ${key}` : null;
      const replay = replayKey ? replays.get(replayKey) : undefined;
      if (replay) return answer(replay.status, replay.body);
      const done = handle(method, path, form);
      if (replayKey && method === 'POST' && done.status < 500) replays.set(replayKey, done);
      answer(done.status, done.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  const client = new Stripe(secretKey, {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });

  return {
    base,
    secretKey,
    publishableKey,
    webhookSecret,
    seen,
    intents,
    refunds,
    failNext(path, count = 1) {
      failures.set(path, count);
    },
    async confirm(intentId, paymentMethod) {
      try {
        return (await client.paymentIntents.confirm(intentId, {
          payment_method: paymentMethod,
        })) as unknown as Intent;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) return intents.get(intentId)!;
        throw err;
      }
    },
    event(type, intent, options = {}) {
      const body = JSON.stringify(
        {
          id: id('evt'),
          object: 'event',
          api_version: '2025-01-27.acacia',
          created: Math.floor(Date.now() / 1000),
          type,
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          data: { object: { ...intent } },
        },
        null,
        2,
      );
      const signature = client.webhooks.generateTestHeaderString({
        payload: body,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { body, signature };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
