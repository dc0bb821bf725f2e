import {
  API_KEY_LIMITS,
  API_KEY_PREFIX,
  errorResponseSchema,
  refusalsEn,
  v1Routes,
  type RouteDef,
} from '@tavola/contract';
import { z } from 'zod';
import { ERROR_MEANINGS, type ErrorStatus } from '../../core/http/responses.js';

type Json = Record<string, unknown>;

/** What each refusal status means to an integrator, for the document. */
const V1_ERROR_MEANINGS: Record<ErrorStatus, string> = {
  ...ERROR_MEANINGS,
  401: 'No API key, or a key that is unknown, revoked or expired (API_KEY_REQUIRED, API_KEY_INVALID)',
  403: "The key lacks the operation's scope (API_KEY_SCOPE_MISSING) or is used from an address it does not allow (API_KEY_SOURCE_NOT_ALLOWED)",
  429: `Over the key's limits (${API_KEY_LIMITS.perSecond} requests a second, ${API_KEY_LIMITS.perWindow} per ${API_KEY_LIMITS.windowSeconds / 60} minutes): Retry-After says when to try again (API_KEY_RATE_LIMITED)`,
};

const ERROR_EXAMPLES: Partial<Record<ErrorStatus, { code: string; params?: Json }>> = {
  401: { code: 'API_KEY_INVALID' },
  403: { code: 'API_KEY_SCOPE_MISSING', params: { scope: 'orders:write' } },
  429: { code: 'API_KEY_RATE_LIMITED', params: { seconds: 1 } },
};

function errorExample(status: ErrorStatus): Json {
  const known = ERROR_EXAMPLES[status];
  if (known) {
    const text = (refusalsEn as Record<string, string>)[known.code] ?? known.code;
    const error = Object.entries(known.params ?? {}).reduce(
      (t, [k, v]) => t.replace(`{${k}}`, String(v)),
      text,
    );
    return {
      success: false,
      error,
      code: known.code,
      ...(known.params ? { params: known.params } : {}),
    };
  }
  const code = {
    400: 'VALIDATION',
    404: 'NOT_FOUND',
    409: 'CONFLICT',
    413: 'PAYLOAD_TOO_LARGE',
    422: 'IDEMPOTENCY_KEY_REUSED',
    503: 'UNAVAILABLE',
  }[status as 400];
  return { success: false, error: V1_ERROR_MEANINGS[status], code };
}

/** A zod schema as JSON Schema 2020-12 (what OpenAPI 3.1 speaks), for a request or an answer. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
  }) as Json;
  delete out.$schema;
  return out;
}

/** The first example a schema's metadata gives, if any. */
function exampleOf(schema: z.ZodType | undefined): unknown {
  const meta = schema ? z.globalRegistry.get(schema) : undefined;
  const examples = (meta as { examples?: unknown[] } | undefined)?.examples;
  return examples?.[0];
}

function parameters(route: RouteDef): Json[] {
  const out: Json[] = [];
  const from = (schema: z.ZodType | undefined, where: 'path' | 'query' | 'header') => {
    if (!(schema instanceof z.ZodObject)) return;
    const json = jsonSchema(schema, 'input') as {
      properties?: Record<string, Json>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const { description, ...rest } = property;
      out.push({
        name: where === 'header' ? headerName(name) : name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        ...(typeof description === 'string' ? { description } : {}),
        schema: rest,
        ...(name === 'id' ? { example: '9d7c5b3a-1e2f-4a6b-8c9d-0e1f2a3b4c5d' } : {}),
        ...(name === 'date' ? { example: '2026-11-26' } : {}),
        ...(name === 'idempotency-key' ? { example: 'pos-order-2026-11-26-0042' } : {}),
      });
    }
  };
  from(route.params, 'path');
  from(route.query, 'query');
  from(route.headers, 'header');
  return out;
}

const headerName = (name: string) =>
  name === 'idempotency-key'
    ? 'Idempotency-Key'
    : name.replace(/(^|-)([a-z])/g, (m) => m.toUpperCase());

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

function operation(route: RouteDef): Json {
  const statuses = [route.status ?? 200].flat();
  const responses: Json = {};
  for (const status of statuses) {
    const example = exampleOf(route.response ?? undefined);
    responses[status] = {
      description: status === 201 ? 'Created' : 'OK',
      headers: RATE_LIMIT_HEADERS,
      content: {
        'application/json': {
          schema: jsonSchema(route.response!, 'output'),
          ...(example !== undefined ? { example } : {}),
        },
      },
    };
  }
  const errors = new Set<ErrorStatus>([401, 403, 429, ...(route.errors ?? [])]);
  if (route.params || route.query || route.body || route.headers) errors.add(400);
  for (const status of [...errors].sort()) {
    responses[status] = {
      description: V1_ERROR_MEANINGS[status],
      ...(status === 429
        ? {
            headers: {
              'Retry-After': { $ref: '#/components/headers/Retry-After' },
              ...RATE_LIMIT_HEADERS,
            },
          }
        : {}),
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/Error' },
          example: errorExample(status),
        },
      },
    };
  }
  const bodyExample = exampleOf(route.body);
  return {
    operationId: route.operationId,
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    tags: [...route.tags],
    security: [{ apiKey: [] }],
    'x-scope': route.apiScope,
    ...(parameters(route).length ? { parameters: parameters(route) } : {}),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: jsonSchema(route.body, 'input'),
                ...(bodyExample !== undefined ? { example: bodyExample } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Menu: 'Menu items: read them, switch one on or off, change its price.',
  Tables: 'Tables and their status.',
  Orders: 'Orders: list them by time and status, read one, place one at a table.',
  Tickets: "The stations' tickets: what a kitchen display shows and bumps.",
  Payments: 'Payments taken in a business day.',
  Reports: "A business day's figures and its Z report.",
};

/**
 * The public API's OpenAPI 3.1 document, written from the contract's v1 routes alone (their
 * schemas, scopes, examples and refusals): the staff API has its own document.
 */
export function v1OpenApiDocument(routes: readonly RouteDef[] = Object.values(v1Routes)): Json {
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation(route) };
  }
  const tags = [...new Set(routes.flatMap((r) => r.tags))].map((name) => ({
    name,
    description: TAG_DESCRIPTIONS[name] ?? name,
  }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Tavola public API',
      version: '1.0.0',
      description: [
        "The API for software built on a restaurant's Tavola: point-of-sale add-ons, kitchen displays, accounting.",
        `Call it with one of the restaurant's API keys (created in the admin panel's Integrations tab, ${API_KEY_PREFIX}…) as \`Authorization: Bearer <key>\`. Each operation needs its scope on the key (\`orders:read\`, \`tickets:write\`, …).`,
        `Limits per key, counted across every server: ${API_KEY_LIMITS.perSecond} requests a second and ${API_KEY_LIMITS.perWindow} per ${API_KEY_LIMITS.windowSeconds / 60} minutes. Every answer says where the nearer limit stands in RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset (seconds); past it, 429 with Retry-After.`,
        'Every JSON answer is an envelope: {"success": true, "data": …} or {"success": false, "error": "…", "code": "…", "params": {…}}. Money is in integer cents.',
        'Versioning: within v1 a change only adds (an optional field, a new operation). A change that could break a caller goes to /api/v2, and v1 stays beside it.',
      ].join('\n\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Tavola' },
      contact: { name: 'Tavola support', url: 'https://tavola.app/support' },
    },
    servers: [{ url: '/', description: 'This server' }],
    security: [{ apiKey: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        apiKey: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}…`,
          description: "One of the restaurant's API keys.",
        },
      },
      schemas: { Error: jsonSchema(errorResponseSchema, 'output') },
      headers: {
        'RateLimit-Limit': {
          description: 'The requests allowed in the nearer of the two windows.',
          schema: { type: 'integer' },
        },
        'RateLimit-Remaining': {
          description: 'The requests left in that window.',
          schema: { type: 'integer' },
        },
        'RateLimit-Reset': {
          description: 'Seconds until that window starts again.',
          schema: { type: 'integer' },
        },
        'Retry-After': {
          description: 'Seconds to wait before trying again.',
          schema: { type: 'integer' },
        },
      },
    },
  };
}
