import type { Permission, RouteDef, RouteScope } from '@tavola/contract';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteShorthandOptions,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { z } from 'zod';
import { requirePermission } from '../auth/plugin.js';
import type { GuestAccess } from './guest-access.js';
import { errorResponses, fileContent } from './responses.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (from its contract entry); absent on routes outside the contract. */
    scope?: RouteScope;
    /** The route's contract `operationId`: the route list and the coverage test read it. */
    operationId?: string;
  }
}

type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

/** The request a route's handler gets: params, query, body and headers as its schemas parse them. */
export type RouteRequest<R extends RouteDef> = FastifyRequest<{
  Params: Out<R['params']>;
  Querystring: Out<R['query']>;
  Body: Out<R['body']>;
  Headers: Out<R['headers']>;
}>;

/** What a handler answers: the success envelope its response schema reads, or the reply it sent. */
export type RouteAnswer<R extends RouteDef> = R['response'] extends z.ZodType
  ? z.input<R['response']> | FastifyReply
  : FastifyReply;

export type RouteHandler<R extends RouteDef> = (
  request: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteAnswer<R>>;

/**
 * What a route adds beside its contract entry: the guest access of a guest route (its per-IP and
 * per-table limits), and any of Fastify's own route options (a rate limit in `config`, a
 * `bodyLimit`, a raw-body parser, further `preHandler`s after the scope's guard).
 */
export type DefineRouteOptions = Omit<
  RouteShorthandOptions,
  'schema' | 'handler' | 'preHandler' | 'config'
> & {
  guest?: GuestAccess;
  config?: Record<string, unknown>;
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
};

/** The platform team's own permission: a team route needs it unless it names others. */
const TEAM_PERMISSIONS: readonly Permission[] = ['manage_platform'];

/**
 * The guard and route config a scope implies. Staff and team routes need a bearer token (the
 * authentication hook checks it, and the permissions it lifts from the guard, before the body is
 * read); a guest route is public to staff authentication and limited per address and per table;
 * an API route needs a restaurant's API key holding the route's scope.
 */
function scopeAccess(
  route: RouteDef,
  options: DefineRouteOptions,
): { config: Record<string, unknown>; preHandler: preHandlerAsyncHookHandler[] } {
  const name = `${route.method} ${route.path}`;
  const permissions = route.permissions ?? [];
  const base = { scope: route.scope, operationId: route.operationId };
  switch (route.scope) {
    case 'public':
      return { config: { ...base, public: true }, preHandler: [] };
    case 'guest': {
      if (!options.guest) throw new Error(`${name}: a guest route needs its guest access`);
      return {
        config: { ...base, ...options.guest.config },
        preHandler: [options.guest.preHandler],
      };
    }
    case 'staff':
      return {
        config: base,
        preHandler: permissions.length ? [requirePermission(...permissions)] : [],
      };
    case 'team':
      return {
        config: base,
        preHandler: [requirePermission(...(permissions.length ? permissions : TEAM_PERMISSIONS))],
      };
    case 'api':
      // The authentication hook checks the key, its address, its limits and this scope.
      if (!route.apiScope) throw new Error(`${name}: an API route needs its key's scope`);
      return { config: { ...base, apiScope: route.apiScope }, preHandler: [] };
  }
}

/** The success and error responses the route declares, as Fastify's response schema. */
function responseSchema(route: RouteDef): Record<number, unknown> {
  const files = route.produces?.length ? fileContent(...route.produces) : null;
  let success: unknown;
  if (route.response === null) {
    if (!route.produces) {
      throw new Error(`${route.method} ${route.path}: no response and no media type`);
    }
    // No media type at all: a route kept only to refuse (an old caller is told what to call
    // instead) has no success to document.
    if (!files) return errorResponses(...(route.errors ?? []));
    success = { content: files };
  } else if (files) {
    success = { content: { 'application/json': { schema: route.response }, ...files } };
  } else {
    success = route.response;
  }
  if (route.responseDescription && typeof success === 'object' && success !== null) {
    success = { description: route.responseDescription, ...success };
  }
  const statuses = [route.status ?? 200].flat();
  return {
    ...Object.fromEntries(statuses.map((s) => [s, success])),
    ...errorResponses(...(route.errors ?? [])),
  };
}

/**
 * Registers a route from its contract entry: method, path, schemas, documentation and the guard
 * its scope and permissions imply, so who may call it is read where it is declared.
 */
export function defineRoute<const R extends RouteDef>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: DefineRouteOptions = {},
): void {
  const access = scopeAccess(route, options);
  const { guest: _guest, config, preHandler, ...rest } = options;
  const preHandlers = [...access.preHandler, ...[preHandler ?? []].flat()];
  app.route({
    ...rest,
    method: route.method,
    url: route.path,
    schema: {
      tags: [...route.tags],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      ...(route.deprecated ? { deprecated: true } : {}),
      operationId: route.operationId,
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      response: responseSchema(route),
    },
    config: { ...access.config, ...config },
    ...(preHandlers.length ? { preHandler: preHandlers } : {}),
    handler: handler as never,
  });
}
