import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import {
  adminTableSchema,
  billOrderSchema,
  dualPriceSchema,
  errorResponseSchema,
  floorOrderSchema,
  floorTableSchema,
  managerMenuItemSchema,
  publicMenuItemSchema,
  type RouteScope,
  staffMemberSchema,
  ticketSchema,
  userSchema,
} from '@tavola/contract';
import type { FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
  type FastifyPluginAsyncZod,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { renderApiReference, type OpenApiDocument } from './api-reference.js';
import { ERROR_MEANINGS } from './responses.js';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Contract schemas the document names (components), so each is described once. */
function componentRegistry() {
  const registry = z.registry<{ id?: string }>();
  const named: [z.ZodType, string][] = [
    [errorResponseSchema, 'Error'],
    [userSchema, 'User'],
    [dualPriceSchema, 'DualPrice'],
    [publicMenuItemSchema, 'PublicMenuItem'],
    [billOrderSchema, 'BillOrder'],
    [managerMenuItemSchema, 'MenuItem'],
    [adminTableSchema, 'Table'],
    [staffMemberSchema, 'StaffMember'],
    [floorOrderSchema, 'FloorOrder'],
    [floorTableSchema, 'FloorTable'],
    [ticketSchema, 'Ticket'],
  ];
  for (const [schema, id] of named) registry.add(schema, { id });
  return registry;
}

const SUCCESS_MEANINGS: Record<string, string> = { 200: 'OK', 201: 'Created' };

interface ContentResponse {
  description?: string;
  content: Record<string, { schema: unknown }>;
}
const isContentResponse = (value: unknown): value is ContentResponse =>
  typeof value === 'object' &&
  value !== null &&
  'content' in value &&
  !(value instanceof z.ZodType);

type Transform = ReturnType<typeof createJsonSchemaTransform>;

/**
 * The credential each scope's operations name: a public route none, a guest route its table's
 * token, a staff or team route the bearer token, an API route the restaurant's API key.
 */
const SCOPE_SECURITY: Record<RouteScope, Record<string, string[]>[]> = {
  public: [],
  guest: [{ tableToken: [] }],
  staff: [{ bearer: [] }],
  team: [{ bearer: [] }],
  api: [{ apiKey: [] }],
};

/**
 * fastify-type-provider-zod's transform, plus what it does not cover: responses by media type
 * (a JSON body, or a file), a description on every response, and `security: []` on public routes.
 */
function apiTransform(zodTransform: Transform): Transform {
  return (input) => {
    // The API only: not the live socket (not HTTP once upgraded), nor the web app's pages.
    if (!input.url.startsWith('/api/') || input.route.websocket) {
      return { schema: { hide: true }, url: input.url };
    }
    const response = (input.schema?.response ?? {}) as Record<string, unknown>;
    const byMedia = Object.entries(response).filter(([, r]) => isContentResponse(r)) as [
      string,
      ContentResponse,
    ][];
    const plain = Object.fromEntries(
      Object.entries(response).filter(([, r]) => !isContentResponse(r)),
    );
    const out = zodTransform({ ...input, schema: { ...input.schema, response: plain } });
    const schema = out.schema as FastifySchema & { hide?: boolean; security?: unknown[] };
    if (schema.hide) return out;
    const responses = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
    for (const [status, { description, content }] of byMedia) {
      const media: Record<string, { schema: unknown }> = {};
      for (const [type, { schema: body }] of Object.entries(content)) {
        media[type] = type.includes('json')
          ? { schema: zodJson(zodTransform, input, body) }
          : { schema: { type: 'string', contentMediaType: type } };
      }
      responses[status] = { ...(description ? { description } : {}), content: media };
    }
    for (const [status, r] of Object.entries(responses)) {
      r.description ??=
        SUCCESS_MEANINGS[status] ?? ERROR_MEANINGS[Number(status) as keyof typeof ERROR_MEANINGS];
    }
    schema.response = responses;
    const config = input.route.config;
    const security = config?.scope ? SCOPE_SECURITY[config.scope] : config?.public ? [] : null;
    if (security) schema.security = security;
    return out;
  };
}

/** One zod response schema as the document's JSON Schema. */
function zodJson(zodTransform: Transform, input: Parameters<Transform>[0], body: unknown) {
  const out = zodTransform({ ...input, schema: { response: { 200: body } } });
  return (out.schema.response as Record<string, unknown>)[200];
}

/**
 * The API document (OpenAPI 3.1, from the routes' own zod schemas) at /api/openapi.json and a
 * reference page at /api/docs: public, rate limited like the guest routes, no script and nothing
 * from another origin (the page passes the server's Content-Security-Policy).
 */
export const swaggerPlugin = fp<{ config: Config }>(async (app, { config }) => {
  const registry = componentRegistry();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tavola',
        version: '0.1.0',
        description:
          'Restaurant ordering and point of sale. Every JSON answer is an envelope: {"success": true, "data": …} or {"success": false, "error": "a message for people"}. Staff calls carry the bearer token POST /api/auth/login answers with; guest calls name their table by the token printed in its QR code.',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'The token POST /api/auth/login answers with.',
          },
          tableToken: {
            type: 'apiKey',
            in: 'query',
            name: 'token',
            description:
              "The table's token printed in its QR code: in the query of a GET, in the JSON body (`token`) of a POST.",
          },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A restaurant's API key (tvk_live_…), for the public API (/api/v1): Authorization: Bearer tvk_live_…",
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: apiTransform(createJsonSchemaTransform({ schemaRegistry: registry })),
    transformObject: prunedComponents(
      createJsonSchemaTransformObject({ schemaRegistry: registry }),
    ),
  });

  const routeConfig = {
    public: true,
    rateLimit: { max: config.rateLimits.public, timeWindow: '1 minute' },
  };
  // Written once: the routes do not change after start-up.
  let json: string | null = null;
  let html: string | null = null;
  const documentJson = () => (json ??= JSON.stringify(app.swagger()));

  const docs: FastifyPluginAsyncZod = async (scope) => {
    scope.get(
      OPENAPI_PATH,
      {
        schema: {
          tags: ['Docs'],
          summary: 'This API document (OpenAPI 3.1)',
          operationId: 'getOpenApiDocument',
          response: {
            200: z.looseObject({
              openapi: z.string(),
              info: z.looseObject({ title: z.string(), version: z.string() }),
              paths: z.record(z.string(), z.unknown()),
            }),
          },
        },
        config: routeConfig,
      },
      // Sent as text: written once, never re-serialised.
      async (_request, reply) =>
        reply.type('application/json; charset=utf-8').send(documentJson() as never),
    );
    scope.get(
      DOCS_PATH,
      {
        schema: {
          tags: ['Docs'],
          summary: 'A readable reference of this API (HTML)',
          operationId: 'getApiReference',
          response: {
            200: { description: 'OK', content: { 'text/html': { schema: z.string() } } },
          },
        },
        config: routeConfig,
      },
      async (_request, reply) => {
        html ??= renderApiReference(JSON.parse(documentJson()) as OpenApiDocument);
        return reply.type('text/html; charset=utf-8').send(html);
      },
    );
  };
  await app.register(docs);
});

/** Only the named schemas the document uses (the registry lists each for input and output). */
function prunedComponents(transformObject: SwaggerTransformObject): SwaggerTransformObject {
  return (input) => {
    const doc = transformObject(input);
    const schemas = (doc as { components?: { schemas?: Record<string, unknown> } }).components
      ?.schemas;
    if (!schemas) return doc;
    const used = new Set<string>();
    const visit = (value: unknown) => {
      for (const [, name] of JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)) {
        if (name && !used.has(name)) {
          used.add(name);
          visit(schemas[name]);
        }
      }
    };
    visit({ ...doc, components: {} });
    for (const name of Object.keys(schemas)) if (!used.has(name)) delete schemas[name];
    return doc;
  };
}
